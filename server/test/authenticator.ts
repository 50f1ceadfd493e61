import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for server tests: a real P-256 key, real CBOR, real signatures, so
 * the server's library checks exactly what a browser would send. It keeps a signature counter; `counter`
 * can be set to replay an old one.
 */
export interface TestAuthenticator {
  credentialId: string;
  counter: number;
  register(options: { challenge: string }, origin: string): Record<string, unknown>;
  assert(options: { challenge: string }, origin: string): Record<string, unknown>;
}

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const uint32 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
};

// User present, user verified; attested credential data follows (registration only).
const flags = { up: 0x01, uv: 0x04, at: 0x40 };

export function createTestAuthenticator(): TestAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rawId = new Uint8Array(randomBytes(32));
  const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]),
  );

  const clientData = (type: string, challenge: string, origin: string) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const rpIdHash = (origin: string) => sha256(new TextEncoder().encode(new URL(origin).hostname));

  const authenticator: TestAuthenticator = {
    credentialId: isoBase64URL.fromBuffer(rawId),
    counter: 0,
    register({ challenge }, origin) {
      const credentialIdLength = new Uint8Array([rawId.length >> 8, rawId.length & 0xff]);
      const authData = concat(
        rpIdHash(origin),
        new Uint8Array([flags.up | flags.uv | flags.at]),
        uint32(authenticator.counter),
        new Uint8Array(16), // AAGUID: none
        credentialIdLength,
        rawId,
        cosePublicKey,
      );
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData],
        ]),
      );
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(clientData('webauthn.create', challenge, origin)),
          attestationObject: isoBase64URL.fromBuffer(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    assert({ challenge }, origin) {
      authenticator.counter += 1;
      const authData = concat(
        rpIdHash(origin),
        new Uint8Array([flags.up | flags.uv]),
        uint32(authenticator.counter),
      );
      const clientDataJSON = clientData('webauthn.get', challenge, origin);
      const signature = sign('sha256', concat(authData, sha256(clientDataJSON)), privateKey);
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
          authenticatorData: isoBase64URL.fromBuffer(authData),
          signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
  return authenticator;
}
