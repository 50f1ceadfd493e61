import { authTokenResponseSchema, type LoginRequest } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

/** POST /api/auth/login. A 401 here is a wrong password, never a reason to refresh. */
export function loginRequest(body: LoginRequest) {
  return http.post('/auth/login', { body, schema: authTokenResponseSchema, auth: false });
}
