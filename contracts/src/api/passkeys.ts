import { z } from 'zod';
import { safeText } from '../text.ts';

/** Passkeys (issue 47.5, decision 0108): WebAuthn credentials a member signs in with instead of a password. */
export const passkeyLimits = { nameMaxLength: 60, perMember: 20 } as const;

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url')
  .max(16_384);

/**
 * What `navigator.credentials.create()` gave, as SimpleWebAuthn's browser half serialises it
 * (RegistrationResponseJSON); the server library checks everything inside.
 */
export const passkeyRegistrationResponseSchema = z.looseObject({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

/** What `navigator.credentials.get()` gave (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.looseObject({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

/** Options for the browser's WebAuthn call, as SimpleWebAuthn generates them; passed through whole. */
export const passkeyOptionsSchema = z
  .looseObject({ challenge: base64url.min(1) })
  .meta({ id: 'PasskeyOptions' });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const passkeyNameSchema = safeText().trim().min(1).max(passkeyLimits.nameMaxLength);

export const passkeyRegistrationSchema = z
  .object({
    response: passkeyRegistrationResponseSchema,
    /** The member's words for it; the server names it after the browser and system when absent. */
    name: passkeyNameSchema.optional(),
  })
  .meta({ id: 'PasskeyRegistration' });
export type PasskeyRegistration = z.infer<typeof passkeyRegistrationSchema>;

export const passkeySignInSchema = z
  .object({ response: passkeyAuthenticationResponseSchema })
  .meta({ id: 'PasskeySignIn' });
export type PasskeySignIn = z.infer<typeof passkeySignInSchema>;

export const passkeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    /** The last sign-in with it; null when it has not been used yet. */
    lastUsedAt: z.string().nullable(),
    /** Synced across the member's devices (a password manager, iCloud Keychain) rather than on one. */
    backedUp: z.boolean(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ items: z.array(passkeySchema) }).meta({ id: 'PasskeyList' });
export type PasskeyList = z.infer<typeof passkeyListSchema>;
