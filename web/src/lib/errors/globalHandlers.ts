import { errorCatalogue, type ErrorCode, type Severity } from '@uplift/contracts';
import { toast, type ToastInput } from '../toasts/toastStore.ts';
import { AppError } from './appError.ts';
import { debugLog } from './debug.ts';
import { reportError, type ErrorReport } from './report.ts';
import { appErrorToast } from './toAppError.ts';

export type GlobalErrorKind = 'javascript' | 'rejection' | 'component';

/** SPEC §8: the toasts of errors nobody handled. */
export const globalErrorMessages: Record<GlobalErrorKind, string> = {
  javascript: 'A JavaScript error occurred',
  rejection: 'An unexpected error occurred',
  component: 'A component error occurred',
};

/** The same failure reported again this soon is one failure (a render retried, a loop of events). */
export const duplicateWindowMs = 1_000;

export interface GlobalErrorDeps {
  showToast: (input: ToastInput) => void;
  report: (report: ErrorReport) => void;
  now: () => number;
}

const defaultDeps: GlobalErrorDeps = {
  showToast: (input) => void toast.show(input),
  report: reportError,
  now: () => Date.now(),
};

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** Not failures worth a toast: a cancelled request, the browser's benign ResizeObserver notice. */
export function isIgnorable(error: unknown, message = messageOf(error)): boolean {
  if (typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError')
    return true;
  if (error instanceof AppError && error.context.reason === 'abort') return true;
  return /ResizeObserver loop/.test(message);
}

export interface GlobalErrorHandler {
  handle(kind: GlobalErrorKind, error: unknown, context?: Record<string, unknown>): void;
}

/**
 * SPEC §8: an uncaught error, an unhandled rejection or a component error shows its toast and is logged
 * to the server (queued at low priority when offline, by the report sink). An application error keeps
 * its own catalogue toast (e.g. a forgotten catch of a failed request shows "Connection Error").
 */
export function createGlobalErrorHandler(deps: GlobalErrorDeps = defaultDeps): GlobalErrorHandler {
  const recent = new Map<string, number>();
  return {
    handle(kind, error, context = {}) {
      try {
        const message = messageOf(error);
        if (isIgnorable(error, message)) return;
        const key = `${kind}:${message}`;
        const now = deps.now();
        const last = recent.get(key);
        recent.set(key, now);
        if (last !== undefined && now - last < duplicateWindowMs) return;
        if (recent.size > 50) recent.clear();

        const appError = error instanceof AppError ? error : null;
        const code: ErrorCode = appError?.code ?? 'UNKNOWN_ERROR';
        const severity: Severity = appError?.severity ?? 'high';
        const shown: ToastInput = appError
          ? appErrorToast(appError)
          : {
              type: 'error',
              severity,
              title: errorCatalogue.UNKNOWN_ERROR.title,
              message: globalErrorMessages[kind],
            };
        deps.showToast(shown);
        deps.report({
          message,
          error,
          code,
          severity,
          userMessage: shown.message,
          context: { kind, ...appError?.context, ...context },
        });
        debugLog('errors', kind, error);
      } catch {
        // The error handler must never become the error.
      }
    },
  };
}

export const globalErrors = createGlobalErrorHandler();

/**
 * A component failed to render: React DOM's `onCaughtError` (an error boundary caught it: the router's or
 * the root's) and `onUncaughtError` (none did), given to `createRoot` in main.tsx.
 */
export function reportComponentError(error: unknown, info?: { componentStack?: string | null }): void {
  globalErrors.handle(
    'component',
    error,
    info?.componentStack ? { componentStack: info.componentStack } : {},
  );
}

/**
 * React DOM's `onRecoverableError`: a render failed and React recovered by itself (rendering the part again,
 * at once and in full), so the member saw nothing wrong. Logged to the server like a component error, with
 * no toast: there is nothing for the member to do.
 */
export function reportRecoverableError(
  error: unknown,
  info?: { componentStack?: string | null },
  report: (report: ErrorReport) => void = reportError,
): void {
  try {
    if (isIgnorable(error)) return;
    const cause = error instanceof Error && error.cause !== undefined ? error.cause : undefined;
    report({
      message: messageOf(error),
      error,
      code: 'UNKNOWN_ERROR',
      severity: 'low',
      context: {
        kind: 'component',
        recoverable: true,
        ...(cause !== undefined ? { cause: messageOf(cause) } : {}),
        ...(info?.componentStack ? { componentStack: info.componentStack } : {}),
      },
    });
    debugLog('errors', 'recoverable', error);
  } catch {
    // The error handler must never become the error.
  }
}

/** Window-wide listeners for uncaught errors and unhandled rejections. Returns a function removing them. */
export function installGlobalErrorHandlers(
  target: Window = window,
  handler: GlobalErrorHandler = globalErrors,
): () => void {
  const onError = (event: ErrorEvent) => {
    // Without an error object and with "Script error." this is a cross-origin script we know nothing about.
    if (!event.error && /^Script error\.?$/.test(event.message)) return;
    handler.handle('javascript', event.error ?? event.message, {
      source: event.filename,
      line: event.lineno,
      column: event.colno,
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => handler.handle('rejection', event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
