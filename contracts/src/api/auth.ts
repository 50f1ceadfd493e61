import { z } from 'zod';
import { roleSchema } from '../roles.ts';
import { safeText } from '../text.ts';

/** NIST SP 800-63B: at least 8 characters, long passphrases welcome, no composition rules. */
export const passwordLimits = { min: 8, max: 128 } as const;
export const displayNameLimits = { min: 1, max: 80 } as const;

/**
 * What a name must not hide: control characters, bidirectional marks, embeddings, overrides and isolates
 * (which make text display in a different order than it is stored), line and paragraph separators, and
 * lone surrogates.
 */
const hiddenInName = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Names that would pass for the service or its staff. */
const reservedNames = ['administrator', 'admin', 'moderator', 'support', 'system', 'uplift'];

// Characters people use to dodge a reserved word: digits and signs for letters, Cyrillic twins of Latin.
const lookalikes: Record<string, string> = {
  '0': 'o', '1': 'i', l: 'i', '|': 'i', '!': 'i', '3': 'e', '4': 'a', '@': 'a', '5': 's', $: 's', '7': 't',
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's',
}; // prettier-ignore

/** Case, accents, full-width forms, lookalikes and everything but letters and digits folded away. */
function nameSkeleton(text: string): string {
  return Array.from(text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase(), (c) => lookalikes[c] ?? c)
    .join('')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const reservedSkeletons = new Set(reservedNames.map(nameSkeleton));

/** "Admin istrator", "ADMIN", "Upl1ft", "Ask Uplift Support": the whole name or any word of it. */
function isReservedName(name: string): boolean {
  const skeletons = [name, ...name.split(/\s+/)].map(nameSkeleton);
  return skeletons.some((skeleton) => reservedSkeletons.has(skeleton));
}

/** A member's display name, as registration and the web app's forms check it. */
export const displayNameSchema = z
  .string()
  .trim()
  .min(displayNameLimits.min, 'Enter your name')
  .max(displayNameLimits.max, `Use at most ${displayNameLimits.max} characters`)
  .refine((name) => !hiddenInName.test(name), 'Remove control, invisible or text-direction characters')
  .refine((name) => !isReservedName(name), 'This name is reserved. Choose another one');

const emailSchema = safeText()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: roleSchema,
    permissions: z.record(z.string(), z.boolean()),
    displayName: z.string(),
    avatarUrl: z.string().nullable(),
    /**
     * Whether the member followed the link mailed to `email` (issue 47.3). Always sent by the server;
     * optional because a user stored on a device by an older build has no such field.
     */
    emailVerified: z.boolean().optional(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const loginRequestSchema = z
  .object({
    email: emailSchema,
    password: safeText().min(1, 'Enter your password').max(passwordLimits.max),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z
  .object({
    email: emailSchema,
    password: safeText()
      .min(passwordLimits.min, `Use at least ${passwordLimits.min} characters`)
      .max(passwordLimits.max, `Use at most ${passwordLimits.max} characters`),
    displayName: displayNameSchema,
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    currentPassword: safeText().min(1).max(passwordLimits.max),
    newPassword: safeText().min(passwordLimits.min).max(passwordLimits.max),
  })
  .meta({ id: 'ChangePasswordRequest' });

/** Asks for a password-reset link. The answer is the same whether or not the address has an account. */
export const passwordResetRequestSchema = z
  .object({ email: emailSchema })
  .meta({ id: 'PasswordResetRequest' });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** Sets a new password with the single-use token a reset link carries. */
export const passwordResetConfirmSchema = z
  .object({
    token: safeText().min(16).max(200),
    password: safeText()
      .min(passwordLimits.min, `Use at least ${passwordLimits.min} characters`)
      .max(passwordLimits.max, `Use at most ${passwordLimits.max} characters`),
  })
  .meta({ id: 'PasswordResetConfirm' });
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** What every reset request is answered, whether or not the address has an account. */
export const passwordResetRequestedMessage =
  'If an account uses this address, we have sent it a link to choose a new password. The link works once, for 30 minutes.';

export const passwordResetRequestedSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'PasswordResetRequested' });

/** Follows a link that proves an address: a new account's, or the one a member is changing to. */
export const emailVerifyRequestSchema = z
  .object({ token: safeText().min(16).max(200) })
  .meta({ id: 'EmailVerifyRequest' });

/** The address the link proved, now the account's verified email. */
export const emailVerifiedSchema = z
  .object({ success: z.literal(true), email: z.string() })
  .meta({ id: 'EmailVerified' });

/** A new email address for the account; the current password confirms it is the member asking. */
export const emailChangeRequestSchema = z
  .object({
    email: emailSchema,
    password: safeText().min(1, 'Enter your password').max(passwordLimits.max),
  })
  .meta({ id: 'EmailChangeRequest' });
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** A mail is on its way; `message` says where and what to do. */
export const mailSentSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'MailSent' });

/**
 * Login and register (SPEC §7: success, user, token). The session token is in the body only for native
 * clients (header `X-Client-Platform: native`), which send it back as a bearer header; web clients get it
 * in an httpOnly cookie that scripts cannot read, and `token` is null.
 */
export const authTokenResponseSchema = z
  .object({ success: z.literal(true), user: userSchema, token: z.string().nullable() })
  .meta({ id: 'AuthTokenResponse' });
export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;

/** Verify and refresh (SPEC §7: success, user). Refresh also rotates the token (cookie, or `token`). */
export const authUserResponseSchema = z
  .object({ success: z.literal(true), user: userSchema, token: z.string().nullable().optional() })
  .meta({ id: 'AuthUserResponse' });
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;

export const successResponseSchema = z.object({ success: z.literal(true) }).meta({ id: 'SuccessResponse' });

export const nativeClientHeader = 'x-client-platform';
export const sessionCookieNames = { secure: '__Host-uplift_session', insecure: 'uplift_session' } as const;
