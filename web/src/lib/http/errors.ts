import { errorCodeForStatus, httpLimits, type ApiError } from '@uplift/contracts';
import { AppError } from '../errors/appError.ts';

type ApiIssue = NonNullable<ApiError['error']['issues']>[number];

const retryableStatuses: readonly number[] = httpLimits.retryableStatuses;

/** SPEC §7: 408, 409, 425, 429, 500, 502, 503 and 504 are worth another try. */
export function isRetryableStatus(status: number): boolean {
  return retryableStatuses.includes(status);
}

export interface HttpErrorInit {
  status?: number;
  /** The parsed error body, when the server answered in the API's error shape. */
  data?: ApiError;
  statusMessage?: string;
  /** The address that answered, for the error's context. */
  url?: string;
}

/**
 * A response outside 2xx (SPEC §8: status, data and status message; default 500, "Request failed"). Its
 * catalogue code is the server's own, else the one for its status.
 */
export class HttpError extends AppError {
  readonly status: number;
  readonly data: ApiError | undefined;
  /** The server's own human message for the failure, or "Request failed" when it sent none. */
  readonly statusMessage: string;

  constructor({ status = 500, data, statusMessage = 'Request failed', url }: HttpErrorInit = {}) {
    super(data?.error.code ?? errorCodeForStatus(status), {
      message: statusMessage,
      retryable: isRetryableStatus(status),
      context: {
        status,
        ...(url ? { url } : {}),
        ...(data?.error.requestId ? { requestId: data.error.requestId } : {}),
      },
    });
    this.name = 'HttpError';
    this.status = status;
    this.data = data;
    this.statusMessage = statusMessage;
  }

  /** The server's message when it sent one; unlike statusMessage, no default. */
  get serverMessage(): string | undefined {
    return this.data?.error.message;
  }

  get issues(): readonly ApiIssue[] {
    return this.data?.error.issues ?? [];
  }
}

/**
 * The request never got an answer: no connection, DNS failure, refused or blocked. SPEC §8: NETWORK_ERROR,
 * or OFFLINE_ERROR when the app knows it is offline.
 */
export class NetworkError extends AppError {
  constructor(cause: unknown, options: { offline?: boolean; url?: string } = {}) {
    super(options.offline ? 'OFFLINE_ERROR' : 'NETWORK_ERROR', {
      message: 'Network request failed',
      cause,
      context: options.url ? { url: options.url } : {},
    });
    this.name = 'NetworkError';
  }

  get offline(): boolean {
    return this.code === 'OFFLINE_ERROR';
  }
}

/** SPEC §8: a time-out or an abort is TIMEOUT. `reason` tells which one it was. */
export class TimeoutError extends AppError {
  readonly reason: 'timeout' | 'abort';

  constructor(
    reason: 'timeout' | 'abort',
    options: { cause?: unknown; timeoutMs?: number; url?: string } = {},
  ) {
    super('TIMEOUT', {
      message:
        reason === 'timeout' ? `Request timed out after ${options.timeoutMs ?? '?'} ms` : 'Request aborted',
      cause: options.cause,
      // An abort is the caller changing its mind; trying again is not what it wants.
      retryable: reason === 'timeout',
      context: {
        reason,
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        ...(options.url ? { url: options.url } : {}),
      },
    });
    this.name = 'TimeoutError';
    this.reason = reason;
  }
}

/** A 2xx answer that does not match the contract, e.g. an HTML page from a captive portal. */
export class UnexpectedResponseError extends AppError {
  readonly status: number;

  constructor(status: number, cause: unknown) {
    super('API_ERROR', { message: 'Unexpected response from the server', cause, context: { status } });
    this.name = 'UnexpectedResponseError';
    this.status = status;
  }
}

/** A caller's abort: the DOM's AbortError, or the TimeoutError the client turned it into. */
export function isAbortError(error: unknown): boolean {
  if (error instanceof TimeoutError) return error.reason === 'abort';
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error as { name: unknown }).name === 'AbortError'
  );
}
