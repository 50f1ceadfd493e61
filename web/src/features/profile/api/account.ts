import {
  accountExportSchema,
  mailSentSchema,
  successResponseSchema,
  type EmailChangeRequest,
} from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

/** GET /api/account/export: everything stored about the member. */
export function exportAccount() {
  return http.get('/account/export', { schema: accountExportSchema, retry: false });
}

/** DELETE /api/account, after the password is confirmed. */
export function deleteAccount(password: string) {
  return http.delete('/account', { body: { password }, schema: successResponseSchema });
}

/** POST /api/auth/password: every other device is signed out. */
export function changePassword(currentPassword: string, newPassword: string) {
  return http.post('/auth/password', {
    body: { currentPassword, newPassword },
    schema: successResponseSchema,
  });
}

/** POST /api/auth/email: a new address, confirmed with the password; a link goes to it. */
export function changeEmail(body: EmailChangeRequest) {
  return http.post('/auth/email', { body, schema: mailSentSchema });
}
