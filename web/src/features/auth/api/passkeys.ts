import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  authTokenResponseSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeySchema,
  successResponseSchema,
} from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

/**
 * Passkeys (issue 47.5, decision 0108). SimpleWebAuthn's browser half is imported on use only, so it never
 * weighs on the first screen; the server checks everything it sends.
 */
const passkeyKeys = { list: (userId: string) => ['auth', 'passkeys', userId] as const };

/** The browser's passkey prompt, then POST /api/auth/passkeys/sign-in. A 401 here is a refusal, not a refresh. */
export async function passkeySignInRequest() {
  const [{ startAuthentication }, options] = await Promise.all([
    import('@simplewebauthn/browser'),
    http.post('/auth/passkeys/authentication-options', { schema: passkeyOptionsSchema, auth: false }),
  ]);
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return http.post('/auth/passkeys/sign-in', {
    body: { response },
    schema: authTokenResponseSchema,
    auth: false,
  });
}

/** GET /api/auth/passkeys: the member's passkeys, oldest first. */
export function passkeysQueryOptions(userId: string) {
  return queryOptions({
    queryKey: passkeyKeys.list(userId),
    queryFn: ({ signal }) => http.get('/auth/passkeys', { schema: passkeyListSchema, signal }),
    meta: { offlineCache: false },
  });
}

/** The browser creates a passkey for this member, then POST /api/auth/passkeys keeps its public key. */
export function useAddPasskey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const [{ startRegistration }, options] = await Promise.all([
        import('@simplewebauthn/browser'),
        http.post('/auth/passkeys/registration-options', { schema: passkeyOptionsSchema }),
      ]);
      const response = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      return http.post('/auth/passkeys', { body: { response, name }, schema: passkeySchema });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list(userId) }),
  });
}

/** DELETE /api/auth/passkeys/:id. */
export function useRemovePasskey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.delete(`/auth/passkeys/${encodeURIComponent(id)}`, {
        schema: successResponseSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list(userId) }),
  });
}
