import { describe, expect, it } from 'vitest';
import { apiErrorSchema, errorCatalogue, errorCodeForStatus, errorCodes } from './errors.ts';

describe('error catalogue (SPEC §8)', () => {
  it('has exactly the twelve codes with their messages and toast titles', () => {
    expect(errorCodes).toEqual([
      'AUTH_FAILED',
      'NETWORK_ERROR',
      'OFFLINE_ERROR',
      'QUEUED_OFFLINE',
      'API_ERROR',
      'PERMISSION_DENIED',
      'VALIDATION_ERROR',
      'NOT_FOUND',
      'TIMEOUT',
      'RATE_LIMITED',
      'MAINTENANCE',
      'UNKNOWN_ERROR',
    ]);
    expect(errorCatalogue.AUTH_FAILED).toEqual({
      message: 'Authentication failed. Please log in again.',
      title: 'Authentication Error',
    });
    expect(errorCatalogue.OFFLINE_ERROR.message).toBe(
      'You are currently offline. Your action has been queued and will be completed when connection returns.',
    );
    expect(errorCatalogue.QUEUED_OFFLINE.message).toBe(
      "Action saved and will be completed when you're back online.",
    );
    expect(errorCatalogue.MAINTENANCE.title).toBe('Service Unavailable');
    expect(errorCatalogue.UNKNOWN_ERROR.title).toBe('Error');
  });

  it.each([
    [401, 'AUTH_FAILED'],
    [403, 'PERMISSION_DENIED'],
    [404, 'NOT_FOUND'],
    [408, 'TIMEOUT'],
    [504, 'TIMEOUT'],
    [429, 'RATE_LIMITED'],
    [503, 'MAINTENANCE'],
    [400, 'VALIDATION_ERROR'],
    [413, 'VALIDATION_ERROR'],
    [500, 'API_ERROR'],
    [302, 'UNKNOWN_ERROR'],
  ] as const)('maps HTTP %i to %s', (status, code) => {
    expect(errorCodeForStatus(status)).toBe(code);
  });

  it('the error shape rejects unknown codes', () => {
    const base = { success: false, error: { message: 'x', statusCode: 400 } };
    expect(
      apiErrorSchema.safeParse({ ...base, error: { ...base.error, code: 'VALIDATION_ERROR' } }).success,
    ).toBe(true);
    expect(apiErrorSchema.safeParse({ ...base, error: { ...base.error, code: 'BAD' } }).success).toBe(false);
  });
});
