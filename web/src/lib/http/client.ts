import { apiErrorSchema } from '@uplift/contracts';
import { isNativePlatform } from '../native/platform.ts';
import { HttpError, isAbortError, NetworkError, UnexpectedResponseError } from './errors.ts';
import { renewSession, sessionGeneration, sessionToken } from './session.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Any schema with zod's `parse`: responses are checked against the contract before anyone reads them. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

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
}

export const nativePlatformHeader = 'X-Client-Platform';

function configuredApiBase(): string {
  const configured = import.meta.env.VITE_API_BASE?.trim();
  return (configured || '/api').replace(/\/+$/, '');
}

export const apiBase = configuredApiBase();

/** `apiUrl('/auth/login')` is `/api/auth/login` on the web, `https://…/api/auth/login` in the shells. */
export function apiUrl(path: string): string {
  return `${apiBase}${path.startsWith('/') ? path : `/${path}`}`;
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

async function toHttpError(response: Response): Promise<HttpError> {
  const parsed = apiErrorSchema.safeParse(await readJson(response));
  const data = parsed.success ? parsed.data : undefined;
  return new HttpError({ status: response.status, data, statusMessage: data?.error.message });
}

/** A 2xx response, after one refresh-and-retry on a 401; anything else rejects as `request` documents. */
async function respond(path: string, options: SendOptions, isRetry: boolean): Promise<Response> {
  const native = isNativePlatform();
  const sentAtGeneration = sessionGeneration();
  let response: Response;
  try {
    response = await fetch(apiUrl(path), buildInit(options, native));
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(error);
  }
  if (response.status === 401 && options.auth !== false && !isRetry) {
    if (await renewSession(sentAtGeneration)) return respond(path, options, true);
  }
  if (!response.ok) throw await toHttpError(response);
  return response;
}

async function send<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const response = await respond(path, options, false);
  const json = await readJson(response);
  try {
    return options.schema.parse(json);
  } catch (error) {
    throw new UnexpectedResponseError(response.status, error);
  }
}

/**
 * One API call. Resolves with the response parsed by `schema`; rejects with HttpError (non-2xx),
 * NetworkError (no answer), UnexpectedResponseError (2xx off contract) or the AbortError of `signal`.
 */
export function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
  return send(path, options);
}

export type StreamRequestOptions = Omit<RequestOptions<unknown>, 'schema'>;

/**
 * A call whose answer is read as it arrives (server-sent events): the same headers, credentials and 401
 * handling as `request`, resolving with the unread 2xx Response. Rejects as `request` does.
 */
export function requestStream(path: string, options: StreamRequestOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'text/event-stream');
  return respond(path, { ...options, headers }, false);
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
