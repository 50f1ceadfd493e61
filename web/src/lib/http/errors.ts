import type { ApiError } from '@uplift/contracts';

type ApiIssue = NonNullable<ApiError['error']['issues']>[number];

export interface HttpErrorInit {
  status?: number;
  /** The parsed error body, when the server answered in the API's error shape. */
  data?: ApiError;
  statusMessage?: string;
}

/** A response outside 2xx (SPEC §8: status, data and status message; default 500, "Request failed"). */
export class HttpError extends Error {
  readonly status: number;
  readonly data: ApiError | undefined;
  /** The server's own human message for the failure, or "Request failed" when it sent none. */
  readonly statusMessage: string;

  constructor({ status = 500, data, statusMessage = 'Request failed' }: HttpErrorInit = {}) {
    super(statusMessage);
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

/** The request never got an answer: no connection, DNS failure, refused or blocked. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/** A 2xx answer that does not match the contract, e.g. an HTML page from a captive portal. */
export class UnexpectedResponseError extends Error {
  readonly status: number;

  constructor(status: number, cause: unknown) {
    super('Unexpected response from the server', { cause });
    this.name = 'UnexpectedResponseError';
    this.status = status;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
