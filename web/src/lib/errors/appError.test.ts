import { errorCatalogue, errorCodes, toastLimits } from '@uplift/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../toasts/toastStore.ts';
import { AppError, createAppError } from './appError.ts';
import { errorDefaults } from './catalogue.ts';
import { appErrorToast, toAppError } from './toAppError.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('application error (SPEC §3)', () => {
  it('carries code, user message, title, severity, retryable and a timestamped context', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    const error = createAppError('RATE_LIMITED', { context: { path: '/x' } });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      userMessage: 'Too many requests. Please wait a moment and try again.',
      title: 'Rate Limited',
      severity: 'medium',
      retryable: true,
      context: { path: '/x', timestamp: '2026-03-01T10:00:00.000Z' },
    });
  });

  it('has the SPEC §8 text and title for every code', () => {
    expect(
      Object.fromEntries(
        errorCodes.map((code) => [code, [new AppError(code).userMessage, new AppError(code).title]]),
      ),
    ).toEqual({
      AUTH_FAILED: ['Authentication failed. Please log in again.', 'Authentication Error'],
      NETWORK_ERROR: ['Network connection error. Please check your internet connection.', 'Connection Error'],
      OFFLINE_ERROR: [
        'You are currently offline. Your action has been queued and will be completed when connection returns.',
        'Offline Mode',
      ],
      QUEUED_OFFLINE: ["Action saved and will be completed when you're back online.", 'Action Queued'],
      API_ERROR: ['Server error occurred. Please try again later.', 'Server Error'],
      PERMISSION_DENIED: ["You don't have permission to perform this action.", 'Access Denied'],
      VALIDATION_ERROR: ['Please check your input and try again.', 'Validation Error'],
      NOT_FOUND: ['The requested resource was not found.', 'Not Found'],
      TIMEOUT: ['Request timed out. Please try again.', 'Request Timeout'],
      RATE_LIMITED: ['Too many requests. Please wait a moment and try again.', 'Rate Limited'],
      MAINTENANCE: ['Service is temporarily unavailable for maintenance.', 'Service Unavailable'],
      UNKNOWN_ERROR: ['An unexpected error occurred. Please try again.', 'Error'],
    });
    expect(Object.keys(errorDefaults).sort()).toEqual([...errorCodes].sort());
  });

  it('lets a caller override severity, retryable and the user message', () => {
    expect(
      createAppError('UNKNOWN_ERROR', { severity: 'critical', retryable: true, userMessage: 'Boom' }),
    ).toMatchObject({ severity: 'critical', retryable: true, userMessage: 'Boom', title: 'Error' });
  });
});

describe('toAppError (SPEC §8)', () => {
  it('keeps an application error as it is', () => {
    const error = new AppError('NOT_FOUND');
    expect(toAppError(error)).toBe(error);
  });

  it('makes a fetch failure NETWORK_ERROR, or OFFLINE_ERROR when offline', () => {
    expect(toAppError(new TypeError('Failed to fetch'), { offline: false }).code).toBe('NETWORK_ERROR');
    expect(toAppError(new TypeError('Failed to fetch'), { offline: true }).code).toBe('OFFLINE_ERROR');
  });

  it('makes a time-out or an abort TIMEOUT', () => {
    expect(toAppError(new DOMException('late', 'TimeoutError')).code).toBe('TIMEOUT');
    expect(toAppError(new DOMException('stop', 'AbortError')).code).toBe('TIMEOUT');
  });

  it('makes anything else UNKNOWN_ERROR, keeping it as the cause', () => {
    const original = new Error('weird');
    const error = toAppError(original);
    expect(error).toMatchObject({ code: 'UNKNOWN_ERROR', message: 'weird', cause: original });
    expect(toAppError('a string').code).toBe('UNKNOWN_ERROR');
  });
});

describe('severity to toast (SPEC §8)', () => {
  it('low is info, medium warning, high and critical error', () => {
    const typeFor = (severity: 'low' | 'medium' | 'high' | 'critical') =>
      appErrorToast(createAppError('UNKNOWN_ERROR', { severity })).type;
    expect([typeFor('low'), typeFor('medium'), typeFor('high'), typeFor('critical')]).toEqual([
      'info',
      'warning',
      'error',
      'error',
    ]);
  });

  it('shows the title and the user message', () => {
    expect(appErrorToast(new AppError('NETWORK_ERROR'))).toEqual({
      type: 'warning',
      severity: 'medium',
      title: 'Connection Error',
      message: errorCatalogue.NETWORK_ERROR.message,
    });
  });

  it('a critical error never auto-dismisses; low and medium go after 5 s and 7 s', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    store.show(appErrorToast(createAppError('MAINTENANCE')));
    store.show(appErrorToast(createAppError('OFFLINE_ERROR')));
    store.show(appErrorToast(createAppError('TIMEOUT')));
    expect(store.getSnapshot().map((toast) => toast.duration)).toEqual([
      null,
      toastLimits.defaultDurationMs,
      toastLimits.warningDurationMs,
    ]);
    vi.advanceTimersByTime(60 * 60_000);
    expect(store.getSnapshot().map((toast) => toast.title)).toEqual(['Service Unavailable']);
  });
});
