import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../http/errors.ts';
import { toast, type ToastInput } from '../toasts/toastStore.ts';
import {
  createGlobalErrorHandler,
  duplicateWindowMs,
  globalErrorMessages,
  installGlobalErrorHandlers,
  reportRecoverableError,
  type GlobalErrorHandler,
} from './globalHandlers.ts';
import type { ErrorReport } from './report.ts';

let shown: ToastInput[];
let reported: ErrorReport[];
let clock: number;
let handler: GlobalErrorHandler;

beforeEach(() => {
  shown = [];
  reported = [];
  clock = 0;
  handler = createGlobalErrorHandler({
    showToast: (input) => shown.push(input),
    report: (report) => reported.push(report),
    now: () => clock,
  });
});

describe('global error handling (SPEC §8)', () => {
  it('pins the three toast texts', () => {
    expect(globalErrorMessages).toEqual({
      javascript: 'A JavaScript error occurred',
      rejection: 'An unexpected error occurred',
      component: 'A component error occurred',
    });
  });

  it.each([
    ['javascript', 'A JavaScript error occurred'],
    ['rejection', 'An unexpected error occurred'],
    ['component', 'A component error occurred'],
  ] as const)('a %s error shows "%s" and is reported', (kind, message) => {
    const error = new Error('boom');
    handler.handle(kind, error, { extra: 1 });
    expect(shown).toEqual([{ type: 'error', severity: 'high', title: 'Error', message }]);
    expect(reported).toEqual([
      {
        message: 'boom',
        error,
        code: 'UNKNOWN_ERROR',
        severity: 'high',
        userMessage: message,
        context: { kind, extra: 1 },
      },
    ]);
  });

  it('an unhandled application error shows its own catalogue toast', () => {
    handler.handle('rejection', new NetworkError(new TypeError('Failed to fetch')));
    expect(shown[0]).toMatchObject({ title: 'Connection Error', type: 'warning' });
    expect(reported[0]).toMatchObject({ code: 'NETWORK_ERROR', severity: 'medium' });
  });

  it('ignores aborts and the ResizeObserver notice, and the same error again within 1 s', () => {
    handler.handle('rejection', new DOMException('stop', 'AbortError'));
    handler.handle('javascript', 'ResizeObserver loop completed with undelivered notifications.');
    expect(shown).toEqual([]);
    handler.handle('javascript', new Error('same'));
    clock += duplicateWindowMs - 1;
    handler.handle('javascript', new Error('same'));
    expect(shown).toHaveLength(1);
    clock += duplicateWindowMs;
    handler.handle('javascript', new Error('same'));
    expect(shown).toHaveLength(2);
  });
});

describe('an error React recovered from by itself', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is logged at low severity with where it happened, and shows no toast', () => {
    const show = vi.spyOn(toast, 'show');
    const error = new Error('Hydration failed', { cause: new Error('text differs') });
    reportRecoverableError(error, { componentStack: '\n    at Page' }, (report) => reported.push(report));
    expect(show).not.toHaveBeenCalled();
    expect(reported).toEqual([
      {
        message: 'Hydration failed',
        error,
        code: 'UNKNOWN_ERROR',
        severity: 'low',
        context: {
          kind: 'component',
          recoverable: true,
          cause: 'text differs',
          componentStack: '\n    at Page',
        },
      },
    ]);
  });

  it('is not logged when it is an abort', () => {
    reportRecoverableError(new DOMException('stop', 'AbortError'), undefined, (report) =>
      reported.push(report),
    );
    expect(reported).toEqual([]);
  });
});

describe('window listeners', () => {
  let uninstall: () => void = () => undefined;
  afterEach(() => uninstall());
  // A stand-in window: errors dispatched on the real one would also reach the test runner's own handler.
  let window: Window;
  beforeEach(() => {
    window = new EventTarget() as unknown as Window;
  });

  it('routes window errors and unhandled rejections to the handler', () => {
    const handle = vi.fn();
    uninstall = installGlobalErrorHandlers(window, { handle });
    const error = new Error('uncaught');
    window.dispatchEvent(
      new ErrorEvent('error', { error, message: 'uncaught', filename: 'app.js', lineno: 3 }),
    );
    const reason = new Error('rejected');
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(rejection, { reason });
    window.dispatchEvent(rejection);
    expect(handle).toHaveBeenCalledWith(
      'javascript',
      error,
      expect.objectContaining({ source: 'app.js', line: 3 }),
    );
    expect(handle).toHaveBeenCalledWith('rejection', reason);
    uninstall();
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'uncaught' }));
    expect(handle).toHaveBeenCalledTimes(2);
  });

  it('skips opaque cross-origin "Script error."', () => {
    const handle = vi.fn();
    uninstall = installGlobalErrorHandlers(window, { handle });
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(handle).not.toHaveBeenCalled();
  });
});
