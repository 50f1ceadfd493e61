import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PushPayload } from '@uplift/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import type { PushTarget } from './notifications.repo.ts';
import type { PushOutcome } from './web-push.ts';

export type NativePushConfig = Pick<
  Config,
  | 'FCM_SERVICE_ACCOUNT'
  | 'FCM_API_URL'
  | 'APNS_KEY'
  | 'APNS_KEY_ID'
  | 'APNS_TEAM_ID'
  | 'APNS_TOPIC'
  | 'APNS_URL'
>;

/** What one push service said about one device token; any other answer is thrown, to be logged. */
type Answer = 'sent' | 'gone';

interface Sender {
  send(token: string, payload: PushPayload): Promise<Answer>;
  close(): void;
}

const timeoutMs = 10_000;
const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A compact JWS: header.claims.signature, each base64url. */
function jwt(header: object, claims: object, signer: (input: Buffer) => Buffer): string {
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  return `${input}.${base64url(signer(Buffer.from(input)))}`;
}

/** An env value that is either the secret itself or a path to the file holding it. */
function inlineOrFile(value: string, looksInline: (text: string) => boolean): string {
  return looksInline(value.trim()) ? value : readFileSync(value, 'utf8');
}

const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});

/**
 * FCM HTTP v1: an OAuth2 access token from the service account (a JWT signed RS256 with its key, traded
 * at its token_uri, kept until five minutes before it expires), then one POST per device token. FCM
 * answers 404 UNREGISTERED for a token whose app was uninstalled.
 */
function fcmSender(serviceAccountEnv: string, apiUrl: string): Sender {
  const account = serviceAccountSchema.parse(
    JSON.parse(inlineOrFile(serviceAccountEnv, (t) => t.startsWith('{'))),
  );
  const key = createPrivateKey(account.private_key);
  let cached: { token: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const now = Math.floor(Date.now() / 1000);
    const assertion = jwt(
      { alg: 'RS256', typ: 'JWT' },
      {
        iss: account.client_email,
        scope: 'https://www.googleapis.com/auth/firebase.messaging',
        aud: account.token_uri,
        iat: now,
        exp: now + 3600,
      },
      (input) => sign('RSA-SHA256', input, key),
    );
    const response = await fetch(account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) throw new Error(`FCM token exchange answered ${response.status}`);
    cached = { token: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 300) * 1000 };
    return cached.token;
  }

  const endpoint = `${apiUrl.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`;
  return {
    async send(token, payload) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            token,
            notification: { title: payload.title, body: payload.body },
            // Data values must be strings; the app opens `link` when the notification is tapped.
            data: {
              notificationId: payload.notificationId,
              link: payload.link ?? '',
              unreadCount: String(payload.unreadCount),
            },
            android: { priority: 'high', notification: { notification_count: payload.unreadCount } },
          },
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.ok) {
        await response.arrayBuffer();
        return 'sent';
      }
      const text = await response.text();
      if (response.status === 404 && text.includes('UNREGISTERED')) return 'gone';
      // A 401 may be a token revoked early: the next message fetches a new one.
      if (response.status === 401) cached = null;
      throw new Error(`FCM answered ${response.status}: ${text.slice(0, 200)}`);
    },
    close() {},
  };
}

/**
 * APNs with token authentication: a JWT signed ES256 with the .p8 key (renewed every 50 minutes; Apple
 * refuses one older than an hour), sent over one HTTP/2 connection kept open between messages. APNs
 * answers 410 Unregistered for a token that is no longer valid for the topic.
 */
function apnsSender(config: {
  key: string;
  keyId: string;
  teamId: string;
  topic: string;
  url: string;
}): Sender {
  const key: KeyObject = createPrivateKey(inlineOrFile(config.key, (t) => t.startsWith('-----BEGIN')));
  let cached: { token: string; until: number } | null = null;
  let session: http2.ClientHttp2Session | null = null;

  function providerToken(): string {
    if (cached && cached.until > Date.now()) return cached.token;
    const token = jwt(
      { alg: 'ES256', kid: config.keyId },
      { iss: config.teamId, iat: Math.floor(Date.now() / 1000) },
      (input) => sign('sha256', input, { key, dsaEncoding: 'ieee-p1363' }),
    );
    cached = { token, until: Date.now() + 50 * 60_000 };
    return token;
  }

  function connection(): http2.ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = http2.connect(config.url);
    // A dropped connection is opened again by the next message; the error itself is that message's failure.
    opened.on('error', () => opened.destroy());
    opened.on('close', () => {
      if (session === opened) session = null;
    });
    opened.unref();
    session = opened;
    return opened;
  }

  return {
    send(token, payload) {
      return new Promise<Answer>((resolve, reject) => {
        const body = JSON.stringify({
          aps: {
            alert: { title: payload.title, body: payload.body },
            badge: payload.unreadCount,
            sound: 'default',
          },
          notificationId: payload.notificationId,
          link: payload.link,
        });
        const request = connection().request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(token)}`,
          authorization: `bearer ${providerToken()}`,
          'apns-topic': config.topic,
          'apns-push-type': 'alert',
          'apns-priority': '10',
          'apns-expiration': String(Math.floor(Date.now() / 1000) + 24 * 60 * 60),
          'content-type': 'application/json',
        });
        let status = 0;
        let reason = '';
        request.setTimeout(timeoutMs, () => request.close(http2.constants.NGHTTP2_CANCEL));
        request.on('response', (headers) => {
          status = Number(headers[':status']);
        });
        request.setEncoding('utf8');
        request.on('data', (chunk: string) => {
          reason += chunk;
        });
        request.on('error', reject);
        request.on('close', () => {
          if (status === 200) resolve('sent');
          else if (status === 410) resolve('gone');
          else {
            // ExpiredProviderToken and the like: the next message signs a new token.
            if (status === 403) cached = null;
            reject(new Error(`APNs answered ${status || 'nothing'}: ${reason.slice(0, 200)}`));
          }
        });
        request.end(body);
      });
    },
    close() {
      session?.close();
      session = null;
    },
  };
}

export interface NativePush {
  /** For the start-up log line: which native push services are on. */
  readonly status: string;
  send(targets: PushTarget[], payloadFor: (userId: string) => PushPayload): Promise<PushOutcome>;
  close(): void;
}

/** Pushes a few devices at a time, as web push does. */
const concurrency = 16;

/**
 * Native push to the app on Android (FCM) and iOS (APNs), each on when its credentials are configured.
 * Tokens a service reports gone are deleted, like expired web push subscriptions. A half-configured
 * service (say an APNs key without its key id) stops the start: it would otherwise fail silently.
 */
export function createNativePush(
  db: Database,
  config: NativePushConfig,
  log: (message: string, error?: unknown) => void,
): NativePush {
  const senders: Partial<Record<'fcm' | 'apns', Sender>> = {};
  if (config.FCM_SERVICE_ACCOUNT) senders.fcm = fcmSender(config.FCM_SERVICE_ACCOUNT, config.FCM_API_URL);
  const apns = [config.APNS_KEY, config.APNS_KEY_ID, config.APNS_TEAM_ID, config.APNS_TOPIC];
  if (apns.every(Boolean)) {
    senders.apns = apnsSender({
      key: config.APNS_KEY ?? '',
      keyId: config.APNS_KEY_ID ?? '',
      teamId: config.APNS_TEAM_ID ?? '',
      topic: config.APNS_TOPIC ?? '',
      url: config.APNS_URL,
    });
  } else if (apns.some(Boolean)) {
    throw new Error('APNs needs all of APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID and APNS_TOPIC, or none');
  }
  const status =
    senders.fcm && senders.apns
      ? 'native push is on: FCM (Android) and APNs (iOS)'
      : senders.fcm
        ? 'native push is on for FCM (Android); native push is off for APNs (iOS): APNS_* not configured'
        : senders.apns
          ? 'native push is on for APNs (iOS); native push is off for FCM (Android): FCM_SERVICE_ACCOUNT not configured'
          : 'native push is off: FCM and APNs credentials are not configured (device tokens are kept)';

  return {
    status,
    async send(targets, payloadFor) {
      const queue = targets.filter((target) => target.type !== 'web' && senders[target.type]);
      const delivered = new Set<string>();
      const gone: string[] = [];
      const succeeded: string[] = [];
      let failed = 0;
      async function worker() {
        for (let target = queue.shift(); target; target = queue.shift()) {
          const sender = target.type === 'fcm' ? senders.fcm : senders.apns;
          if (!sender) continue;
          try {
            if ((await sender.send(target.endpoint, payloadFor(target.userId))) === 'gone') {
              gone.push(target.subscriptionId);
            } else {
              delivered.add(target.userId);
              succeeded.push(target.subscriptionId);
            }
          } catch (error) {
            failed += 1;
            log(`${target.type} push to a device failed`, error);
          }
        }
      }
      await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
      if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
      if (succeeded.length > 0) {
        await db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: sql`now()` })
          .where(inArray(pushSubscriptions.id, succeeded));
      }
      return { deliveredUserIds: [...delivered], removed: gone.length, failed };
    },
    close() {
      for (const sender of Object.values(senders)) sender.close();
    },
  };
}
