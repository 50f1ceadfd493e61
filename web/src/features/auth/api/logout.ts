import { successResponseSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

/** POST /api/auth/logout: revokes this session server-side and clears the web cookie. */
export function logoutRequest() {
  return http.post('/auth/logout', { schema: successResponseSchema, auth: false });
}
