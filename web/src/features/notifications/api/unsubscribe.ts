import { unsubscribedSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

/** POST /api/mail/unsubscribe: stops what an email's unsubscribe link names, signed in or not. */
export function unsubscribe(token: string) {
  return http.post('/mail/unsubscribe', { body: { token }, schema: unsubscribedSchema, auth: false });
}
