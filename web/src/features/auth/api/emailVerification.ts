import { emailVerifiedSchema, mailSentSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

/** POST /api/auth/email/verification: another link to the account's address (a few a day). */
export function resendVerification() {
  return http.post('/auth/email/verification', { schema: mailSentSchema });
}

/** POST /api/auth/email/verify: follows a link (works once, signed in or not). */
export function confirmEmail(token: string) {
  return http.post('/auth/email/verify', { body: { token }, schema: emailVerifiedSchema, auth: false });
}
