import { connectivity } from '../http/connectivity.ts';
import { toastTypeForSeverity, type ToastInput } from '../toasts/toastStore.ts';
import { AppError } from './appError.ts';

function isDomExceptionNamed(error: unknown, ...names: string[]): boolean {
  // By name: a DOMException from another realm (the test runner, a worker) is not `instanceof` ours.
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    names.includes(String((error as { name: unknown }).name))
  );
}

/** The failure is the browser giving up on a fetch: no connection, DNS, refused, blocked by CORS. */
function isFetchFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

export interface ToAppErrorOptions {
  /** Whether the app is offline right now; decides NETWORK_ERROR or OFFLINE_ERROR. */
  offline?: boolean;
}

/**
 * SPEC §8: any thrown value as an application error. An AppError stays as it is; a fetch failure is
 * NETWORK_ERROR, or OFFLINE_ERROR when offline; a time-out or abort is TIMEOUT; anything else is
 * UNKNOWN_ERROR, keeping the original as the cause.
 */
export function toAppError(error: unknown, options: ToAppErrorOptions = {}): AppError {
  if (error instanceof AppError) return error;
  const offline = options.offline ?? connectivity().isOffline();
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  if (isDomExceptionNamed(error, 'AbortError', 'TimeoutError')) {
    return new AppError('TIMEOUT', { message, cause: error });
  }
  if (isFetchFailure(error)) {
    return new AppError(offline ? 'OFFLINE_ERROR' : 'NETWORK_ERROR', { message, cause: error });
  }
  return new AppError('UNKNOWN_ERROR', { message, cause: error });
}

/** SPEC §8: the toast of an application error; severity picks the type, critical never auto-dismisses. */
export function appErrorToast(error: AppError): ToastInput {
  return {
    type: toastTypeForSeverity(error.severity),
    severity: error.severity,
    title: error.title,
    message: error.userMessage,
  };
}
