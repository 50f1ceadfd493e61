import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';
import { parseTrustProxy } from './trust-proxy.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

// Empty means unset, as for DATABASE_URL.
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

/**
 * Five cron fields (minute, hour, day, month, weekday) that the job queue's schedule can read: pg-boss
 * reads it with cron-parser too, which alone would also take fewer fields, or none, as "every minute".
 */
function isCronExpression(value: string): boolean {
  if (value.split(/\s+/).length !== 5) return false;
  try {
    CronExpressionParser.parse(value, { tz: 'UTC' });
    return true;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  // Empty means unset, so a caller can switch an inherited DATABASE_URL off.
  DATABASE_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
  /** Rate limits shared by every instance when set (redis://…); each instance counts alone otherwise. */
  REDIS_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /**
   * Uploads (photos, post images, logos) in an S3-compatible bucket when S3_BUCKET is set, so every
   * instance serves them; under DATA_DIR otherwise. The SDK's own credential chain applies when the keys
   * are unset.
   */
  S3_BUCKET: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Path-style addressing (bucket in the path), which most S3-compatible servers need. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /**
   * A stalled bucket is given up on: connecting, the answer's headers (from the request's start), a silent
   * socket. Each S3 call is tried twice at most, so a frozen bucket is a 503 within about 7 s. Decision 0052.
   */
  S3_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  S3_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(3_000),
  S3_SOCKET_TIMEOUT_MS: z.coerce.number().int().positive().default(3_000),
  EMBEDDED_DB_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'web', 'dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** How long a request waits for a database connection, then for a statement, before a 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Time to receive a whole request (headers and body), and its headers; 0 turns one off. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Upload routes (photos, post images, logos, videos) hold their body to these instead of the request
   * time-out: cut off after this long without a byte, and after the route's size limit at the slowest pace
   * (bytes a second) whatever the pace. Decision 0052.
   */
  UPLOAD_STALL_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().positive().default(51_200),
  /** An idle kept-alive connection is closed after this long. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** Whose X-Forwarded-For/-Proto is believed: none, a hop count, or proxy addresses (trust-proxy.ts). */
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  BUILD_ID: z.string().default('dev'),
  /** A bearer token Prometheus sends to scrape GET /metrics from anywhere (at least 16 characters). */
  METRICS_TOKEN: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(16).optional()),
  /** Addresses and CIDR ranges that may scrape /metrics without the token; neither set: nobody may. */
  METRICS_ALLOWED_IPS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]))),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(60),
  /** Origins allowed to send state-changing requests besides the server's own: the native shells. */
  TRUSTED_ORIGINS: z
    .string()
    .default('capacitor://localhost,https://localhost')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  /** An OpenAI-compatible chat-completions server for Vale (hosted, or llama.cpp / vLLM / Ollama). */
  VALE_BASE_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
  VALE_API_KEY: z.string().optional(),
  VALE_MODEL: z.string().default('gpt-4o-mini'),
  VALE_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  VALE_QUOTA_ANONYMOUS: z.coerce.number().int().min(0).default(5),
  /**
   * Visitors' messages a day from one network address, all browsers together: a ceiling against abuse,
   * high enough for a library, a training centre or a phone carrier's shared address (decision 0055).
   */
  VALE_QUOTA_ANONYMOUS_PER_ADDRESS: z.coerce.number().int().min(0).default(100),
  VALE_QUOTA_TIER1: z.coerce.number().int().min(0).default(30),
  VALE_QUOTA_TIER2: z.coerce.number().int().min(0).default(100),
  /** Days before a skill can be assessed again (0: no cool-down). */
  SKILLS_COOLDOWN_DAYS: z.coerce.number().min(0).default(7),
  ADMIN_EMAIL: z.preprocess((value) => (value === '' ? undefined : value), z.email().optional()),
  ADMIN_PASSWORD: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(8).optional()),
  /**
   * Outgoing mail (issue 47): an SMTP server's URL (`smtp://user:pass@host:587`, `smtps://…:465`). Unset:
   * each message is written to DATA_DIR/outbox as an .eml file and its link is logged (decision 0058).
   */
  SMTP_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
  /** The sender of every message: an address, or `Name <address>`. */
  MAIL_FROM: z.string().min(3).default('Uplift <no-reply@uplift.local>'),
  /** Where members reach the app, for links in mail (`https://uplift.example.org`); unset: localhost:PORT. */
  PUBLIC_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
  /** Who push services may contact about this sender (VAPID `sub`): a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/)
    .default('mailto:notifications@uplift.example'),
  /** A PEM certificate authority trusted for push endpoints besides the usual ones (a private gateway). */
  /**
   * Hosts a browser's push subscription may point at (`*.` allows subdomains): the browsers' push services.
   * A member registers the endpoint, so without this list the server would POST wherever they say.
   */
  PUSH_ALLOWED_HOSTS: z
    .string()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  PUSH_EXTRA_CA_FILE: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
  /** How often each instance looks for scheduled sends that are due. */
  NOTIFICATIONS_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /**
   * How long an "instant" notification email waits (decision 0085): a member reading it in the app
   * meanwhile is not mailed about it. Tests set 0.
   */
  NOTIFICATION_MAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  /**
   * When the daily email digest is built (a cron expression, UTC; decision 0122). Whatever it says, a
   * member gets at most one digest a UTC day: a run finds the day's digests already claimed.
   */
  NOTIFICATION_DIGEST_CRON: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .trim()
      .default('0 7 * * *')
      .refine(isCronExpression, 'must be a cron expression of five fields, such as "0 7 * * *"'),
  ),
  /** Firebase service-account key (the JSON itself, or a path to it): turns native push to Android on. */
  FCM_SERVICE_ACCOUNT: optionalText,
  /** Where FCM HTTP v1 is reached (tests point it at a local server). */
  FCM_API_URL: z.url().default('https://fcm.googleapis.com'),
  /** APNs token auth: the .p8 key (PEM text, or a path to it), its key id, the team id, the app's bundle id. */
  APNS_KEY: optionalText,
  APNS_KEY_ID: optionalText,
  APNS_TEAM_ID: optionalText,
  APNS_TOPIC: optionalText,
  /** api.push.apple.com for store builds; https://api.sandbox.push.apple.com for development builds. */
  APNS_URL: z.url().default('https://api.push.apple.com'),
});

export type Config = z.infer<typeof envSchema>;

/** Every variable the server reads (the README's environment table lists each one). */
export const configVariables = Object.keys(envSchema.shape);

/** Parses the environment once; the only place that reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
