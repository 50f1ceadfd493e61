import { authUserResponseSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

/** POST /api/auth/refresh: rotates the session token (cookie on the web, `token` on native). */
export function refreshRequest() {
  return http.post('/auth/refresh', { schema: authUserResponseSchema, auth: false });
}
