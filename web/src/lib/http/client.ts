import { httpLimits } from '@uplift/contracts';
import { AppError } from '../errors/appError.ts';
import { isNativePlatform } from '../native/platform.ts';
import { readApiError } from './apiError.ts';
import { connectivity } from './connectivity.ts';
import { HttpError, isAbortError, NetworkError, TimeoutError, UnexpectedResponseError } from './errors.ts';
import { withRetry } from './retry.ts';
import { renewSession, sessionGeneration, sessionToken } from './session.ts';
import { timedSignal } from './timeout.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Any schema with zod's `parse`: responses are checked against the contract before anyone reads them. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/**
 * For the few calls the first screen makes (`/` and the shell around it): the answer typed by its contract
 * schema (`serverChecked<typeof fooSchema>()`, a type-only import) but not parsed again here, so zod stays
 * out of what `/` loads. The server serializes every response through the same contract schema
 * (fastify-type-provider-zod), so it never sends one off contract; every other screen parses with the
 * schemas its route chunk brings (docs/decisions/0030-first-screen-bundle.md).
 */
export function serverChecked<Schema extends ResponseSchema<unknown>>(): ResponseSchema<ParsedBy<Schema>> {
  return { parse: (data) => data as ParsedBy<Schema> };
}

type ParsedBy<Schema> = Schema extends ResponseSchema<infer T> ? T : never;

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON; FormData is sent as is, so the browser can set the multipart boundary. */
  body?: unknown;
  schema: ResponseSchema<T>;
  /**
   * Whether a 401 means "refresh the session and retry once" (SPEC §7). False for the calls that start or
   * end a session, where a 401 is the answer itself (e.g. a wrong password).
   */
  auth?: boolean;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** Milliseconds before the call gives up with TIMEOUT. SPEC §9: 30 s by default; null: never. */
  timeoutMs?: number | null;
  /**
   * SPEC §7: whether a retryable failure is tried once more. By default reads (GET) are and writes never
   * are: a write may have been applied even though its answer was lost.
   */
  retry?: boolean;
  /** Sent as `Idempotency-Key`: the server applies a write with the same key only once. */
  idempotencyKey?: string;
}

export const nativePlatformHeader = 'X-Client-Platform';
export const idempotencyKeyHeader = 'Idempotency-Key';

function configuredApiBase(): string {
  const configured = import.meta.env.VITE_API_BASE?.trim();
  return (configured || '/api').replace(/\/+$/, '');
}

export const apiBase = configuredApiBase();

/** `apiUrl('/auth/login')` is `/api/auth/login` on the web, `https://…/api/auth/login` in the shells. */
export function apiUrl(path: string): string {
  return `${apiBase}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * An app page's address as someone else opens it (a shared link): this site's on the web; in the shells,
 * whose own origin is the phone's, the server's, which serves the web app beside the API.
 */
export function appPageUrl(path: string): string {
  return new URL(path, new URL(apiBase, window.location.href)).href;
}

type SendOptions = Omit<RequestOptions<unknown>, 'schema'>;

function buildInit(options: SendOptions, native: boolean): RequestInit {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  }
  if (options.idempotencyKey) headers.set(idempotencyKeyHeader, options.idempotencyKey);
  if (native) {
    // The server answers native clients with the token in the body, and reads it back as a bearer header.
    headers.set(nativePlatformHeader, 'native');
    const token = sessionToken();
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  }
  return {
    method: options.method ?? 'GET',
    headers,
    body,
    // The web session is an httpOnly cookie; the shells use the bearer header instead.
    credentials: native ? 'omit' : 'include',
    signal: options.signal,
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function toHttpError(response: Response, url: string, native: boolean): Promise<HttpError> {
  const data = readApiError(await readJson(response));
  // SPEC §8: native errors show "HTTP {status}" when the server said nothing better.
  const statusMessage = data?.error.message ?? (native ? `HTTP ${response.status}` : undefined);
  return new HttpError({ status: response.status, data, statusMessage, url });
}

/** A 2xx response, after one refresh-and-retry on a 401; anything else rejects as `request` documents. */
async function respond(url: string, options: SendOptions, isRetry: boolean): Promise<Response> {
  const native = isNativePlatform();
  const sentAtGeneration = sessionGeneration();
  if (connectivity().isSimulatedOffline()) {
    throw new NetworkError(new Error('Offline (simulated)'), { offline: true, url });
  }
  let response: Response;
  try {
    response = await fetch(url, buildInit(options, native));
  } catch (error) {
    if (isAbortError(error) || options.signal?.aborted) throw error;
    const bridge = connectivity();
    const offline = bridge.isOffline();
    bridge.onNetworkFailure();
    throw new NetworkError(error, { offline, url });
  }
  connectivity().onReachable();
  if (response.status === 401 && options.auth !== false && !isRetry) {
    if (await renewSession(sentAtGeneration)) return respond(url, options, true);
  }
  if (!response.ok) throw await toHttpError(response, url, native);
  return response;
}

function isReadMethod(method: HttpMethod): boolean {
  return method === 'GET';
}

/** A retry only helps when the connection itself is fine; while offline it would fail the same way. */
function worthRetrying(error: unknown): boolean {
  if (error instanceof NetworkError) return !error.offline;
  if (error instanceof TimeoutError) return error.reason === 'timeout';
  return error instanceof HttpError && error.retryable;
}

async function sendOnce<T>(url: string, options: RequestOptions<T>): Promise<T> {
  const timeoutMs = options.timeoutMs === undefined ? httpLimits.timeoutMs : options.timeoutMs;
  const timer = timedSignal(options.signal, timeoutMs);
  try {
    const response = await respond(url, { ...options, signal: timer.signal }, false);
    const json = await readJson(response);
    try {
      return options.schema.parse(json);
    } catch (error) {
      throw new UnexpectedResponseError(response.status, error);
    }
  } catch (error) {
    if (timer.timedOut())
      throw new TimeoutError('timeout', { cause: error, timeoutMs: timeoutMs ?? undefined, url });
    if (!(error instanceof AppError) && (options.signal?.aborted || isAbortError(error))) {
      throw new TimeoutError('abort', { cause: error, url });
    }
    throw error;
  } finally {
    timer.clear();
  }
}

/**
 * One call to an absolute address (the offline queue replays stored URLs through it). Resolves with the
 * response parsed by `schema`; every failure is an application error (SPEC §8): HttpError (non-2xx),
 * NetworkError (no answer; OFFLINE_ERROR while offline), TimeoutError (time-out or the caller's abort),
 * UnexpectedResponseError (2xx off contract).
 */
export function requestUrl<T>(url: string, options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  if (!(options.retry ?? isReadMethod(method))) return sendOnce(url, options);
  // SPEC §7: one retry, after SPEC §9's first error-retry delay (1 s).
  return withRetry(() => sendOnce(url, options), {
    attempts: 2,
    shouldRetry: worthRetrying,
    signal: options.signal,
  });
}

/** One API call, to `path` under the API base; see `requestUrl`. */
export function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
  return requestUrl(apiUrl(path), options);
}

export type StreamRequestOptions = Omit<RequestOptions<unknown>, 'schema' | 'timeoutMs' | 'retry'>;

/**
 * A call whose answer is read as it arrives (server-sent events): the same headers, credentials and 401
 * handling as `request`, resolving with the unread 2xx Response. No time-out and no retry: an answer may
 * stream for longer than 30 s, and the caller's own signal ends it. Rejects with HttpError or NetworkError,
 * or the caller's AbortError as it is.
 */
export function requestStream(path: string, options: StreamRequestOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'text/event-stream');
  return respond(apiUrl(path), { ...options, headers }, false);
}

type MethodOptions<T> = Omit<RequestOptions<T>, 'method'>;

export const http = {
  get: <T>(path: string, options: Omit<MethodOptions<T>, 'body'>) =>
    request(path, { ...options, method: 'GET' }),
  post: <T>(path: string, options: MethodOptions<T>) => request(path, { ...options, method: 'POST' }),
  put: <T>(path: string, options: MethodOptions<T>) => request(path, { ...options, method: 'PUT' }),
  patch: <T>(path: string, options: MethodOptions<T>) => request(path, { ...options, method: 'PATCH' }),
  delete: <T>(path: string, options: MethodOptions<T>) => request(path, { ...options, method: 'DELETE' }),
};
