import type { AdminUser, EmailVerification } from '@uplift/contracts';

/** Words, not a colour: whether the member has followed their address's verification link. */
export const verificationLabels: Record<EmailVerification, string> = {
  verified: 'Verified',
  unverified: 'Not verified',
};

export const verificationOf = (user: AdminUser): string =>
  verificationLabels[user.emailVerifiedAt ? 'verified' : 'unverified'];
