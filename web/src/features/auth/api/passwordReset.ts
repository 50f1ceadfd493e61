import {
  passwordResetRequestedSchema,
  successResponseSchema,
  type PasswordResetConfirm,
  type PasswordResetRequest,
} from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

/** POST /api/auth/password-reset: the same answer whether or not the email has an account. */
export function requestPasswordReset(body: PasswordResetRequest) {
  return http.post('/auth/password-reset', { body, schema: passwordResetRequestedSchema, auth: false });
}

/** POST /api/auth/password-reset/confirm: a new password with the link's token (works once). */
export function confirmPasswordReset(body: PasswordResetConfirm) {
  return http.post('/auth/password-reset/confirm', { body, schema: successResponseSchema, auth: false });
}
