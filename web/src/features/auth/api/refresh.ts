import type { authUserResponseSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';

/** POST /api/auth/refresh: rotates the session token (cookie on the web, `token` on native). */
export function refreshRequest() {
  return http.post('/auth/refresh', { schema: serverChecked<typeof authUserResponseSchema>(), auth: false });
}
