import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

// http_ece ships no types; it is the RFC 8188 implementation web-push itself encrypts with.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface ReceivedPush {
  device: string;
  headers: Record<string, string | string[] | undefined>;
  /** The payload, decrypted with the device's private key and auth secret. */
  payload: unknown;
}

export interface TestDevice {
  name: string;
  /** What a browser's PushSubscription.toJSON() gives, ready for the subscribe endpoint. */
  subscription: { type: 'web'; endpoint: string; keys: { p256dh: string; auth: string } };
}

/**
 * A push service on loopback over real HTTPS (web-push speaks nothing else), with a self-signed
 * certificate the app trusts through PUSH_EXTRA_CA_FILE. Each device has its own P-256 key pair and
 * auth secret, as a browser does, so received messages are decrypted exactly as the browser would.
 */
export async function startPushEndpoint() {
  const dir = mkdtempSync(path.join(tmpdir(), 'uplift-push-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  const devices = new Map<string, { ecdh: ECDH; auth: string; status: number }>();
  const received: ReceivedPush[] = [];

  const server = createServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, (req, res) => {
    const name = decodeURIComponent(req.url?.replace(/^\/push\//, '') ?? '');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const device = devices.get(name);
      if (!device) return res.writeHead(404).end();
      if (device.status === 201) {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.auth,
        });
        received.push({ device: name, headers: req.headers, payload: JSON.parse(plain.toString('utf8')) });
      }
      res.writeHead(device.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    caFile: certFile,
    received,
    /** A device (a browser profile) subscribed at this service. */
    device(name: string): TestDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      devices.set(name, { ecdh, auth, status: 201 });
      return {
        name,
        subscription: {
          type: 'web',
          endpoint: `https://127.0.0.1:${port}/push/${encodeURIComponent(name)}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        },
      };
    },
    /** From now on the service answers this device with `status` (410: the subscription is gone). */
    answer(name: string, status: number) {
      const device = devices.get(name);
      if (device) device.status = status;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
