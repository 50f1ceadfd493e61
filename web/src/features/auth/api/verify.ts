import type { authUserResponseSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';

/** GET /api/auth/verify: the signed-in user, if the session is still valid (refreshes once on 401). */
export function verifyRequest() {
  return http.get('/auth/verify', { schema: serverChecked<typeof authUserResponseSchema>() });
}
