import { errorCatalogue, type ErrorCode, type Severity } from '@uplift/contracts';
import { errorDefaults } from './catalogue.ts';

/** SPEC §3: an application error's context always says when it happened. */
export interface AppErrorContext {
  timestamp: string;
  [key: string]: unknown;
}

export interface AppErrorInit {
  /** The technical message (logs, developers); the user sees `userMessage`. */
  message?: string;
  /** Defaults to the catalogue message of the code. */
  userMessage?: string;
  severity?: Severity;
  retryable?: boolean;
  context?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * SPEC §3 application error: a catalogue code with its user message and toast title, a severity, whether
 * trying again can help, and a context with the time it happened. Every failure of the HTTP client is
 * one (HttpError, NetworkError, TimeoutError, UnexpectedResponseError extend it).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly userMessage: string;
  readonly title: string;
  readonly severity: Severity;
  readonly retryable: boolean;
  readonly context: AppErrorContext;

  constructor(code: ErrorCode, init: AppErrorInit = {}) {
    const entry = errorCatalogue[code];
    super(init.message ?? entry.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'AppError';
    this.code = code;
    this.userMessage = init.userMessage ?? entry.message;
    this.title = entry.title;
    this.severity = init.severity ?? errorDefaults[code].severity;
    this.retryable = init.retryable ?? errorDefaults[code].retryable;
    this.context = { ...init.context, timestamp: new Date().toISOString() };
  }
}

export function createAppError(code: ErrorCode, init: AppErrorInit = {}): AppError {
  return new AppError(code, init);
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
