import type { Socket } from 'node:net';
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { HttpError } from '../../plugins/errors.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Time to connect to the bucket (S3_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** Time from sending a request to the bucket's answer (its headers), the body sent included. */
  requestTimeoutMs?: number;
  /** Longest silence on the bucket's connection, either way, until the answer's body is handed on. */
  socketTimeoutMs?: number;
}

/** Decision 0052: a frozen bucket costs two attempts of about three seconds each, then a 503. */
export const defaultTimeouts = { connectTimeoutMs: 2_000, requestTimeoutMs: 3_000, socketTimeoutMs: 3_000 };

/**
 * Two attempts: one retry covers a kept-alive connection the bucket had closed, or one refusal (500, 503
 * SlowDown); a third, after two time-outs, would only make the 503 later.
 */
const maxAttempts = 2;

/** How soon a client may try again after the bucket was unreachable. */
const retryAfterSeconds = 5;

/** The bucket did not answer (timed out, unreachable, or failing with 5xx): a 503 worth retrying. */
export class BucketUnavailable extends HttpError {
  constructor(cause: unknown) {
    super(503, 'Stored files cannot be reached just now. Try again in a moment.');
    this.cause = cause;
    this.retryAfter(retryAfterSeconds);
  }
}

const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Whether an error from the SDK means the bucket is out of reach rather than a refusal of this request. */
export function isBucketUnavailable(error: unknown): boolean {
  if (error instanceof S3ServiceException) return (error.$metadata.httpStatusCode ?? 0) >= 500;
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  return error.name === 'TimeoutError' || (typeof code === 'string' && unreachableCodes.has(code));
}

/**
 * The bucket's answer has begun and its body is handed to a reader that sets its own pace (a browser
 * playing a video pauses): the socket time-out, there to catch a frozen bucket, no longer applies.
 */
export function liftSocketTimeout(body: unknown) {
  (body as { socket?: Socket } | undefined)?.socket?.setTimeout(0);
}

/**
 * A video someone is watching holds one connection to the bucket for as long as the browser reads, so the
 * SDK's default pool of 50 would make the 51st viewer on an instance wait for one to end.
 */
const maxSockets = 1024;

/** A client for the bucket; the SDK's own credential chain applies when no keys are given. */
export function s3Client(settings: S3Settings): S3Client {
  const pool = { maxSockets };
  const timeouts = { ...defaultTimeouts, ...definedOf(settings) };
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    maxAttempts,
    requestHandler: {
      httpAgent: pool,
      httpsAgent: pool,
      connectionTimeout: timeouts.connectTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      // Without it the SDK only logs a request past its time-out, and goes on waiting.
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.socketTimeoutMs,
    },
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  // Outermost, so after the retries: what still failed for want of the bucket is a 503 with Retry-After.
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        throw isBucketUnavailable(error) ? new BucketUnavailable(error) : error;
      }
    },
    { step: 'initialize', name: 'bucketUnavailable' },
  );
  return client;
}

function definedOf({ connectTimeoutMs, requestTimeoutMs, socketTimeoutMs }: S3Settings) {
  return Object.fromEntries(
    Object.entries({ connectTimeoutMs, requestTimeoutMs, socketTimeoutMs }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as Partial<typeof defaultTimeouts>;
}

/** The HTTP status of the bucket's refusal (the SDK throws for 304 too); undefined for anything else. */
export function bucketStatus(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

export const isMissing = (error: unknown) =>
  bucketStatus(error) === 404 || (error instanceof S3ServiceException && error.name === 'NoSuchKey');
