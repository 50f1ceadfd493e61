import { z } from 'zod';
import { roleSchema } from '../roles.ts';

/** NIST SP 800-63B: at least 8 characters, long passphrases welcome, no composition rules. */
export const passwordLimits = { min: 8, max: 128 } as const;
export const displayNameLimits = { min: 1, max: 80 } as const;

const emailSchema = z
  .string()
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
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const loginRequestSchema = z
  .object({
    email: emailSchema,
    password: z.string().min(1, 'Enter your password').max(passwordLimits.max),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z
  .object({
    email: emailSchema,
    password: z
      .string()
      .min(passwordLimits.min, `Use at least ${passwordLimits.min} characters`)
      .max(passwordLimits.max, `Use at most ${passwordLimits.max} characters`),
    displayName: z.string().trim().min(displayNameLimits.min, 'Enter your name').max(displayNameLimits.max),
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1).max(passwordLimits.max),
    newPassword: z.string().min(passwordLimits.min).max(passwordLimits.max),
  })
  .meta({ id: 'ChangePasswordRequest' });

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
