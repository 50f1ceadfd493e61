import { authTokenResponseSchema, type RegisterRequest } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

/** POST /api/auth/register: creates a member-tier-1 account and signs it in. */
export function registerRequest(body: RegisterRequest) {
  return http.post('/auth/register', { body, schema: authTokenResponseSchema, auth: false });
}
