import { errorLogLimits, errorLogPayloadSchema } from '@uplift/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildErrorLogPayload, connectErrorReporting, reportError, reportMountFailure } from './report.ts';

const environment = { now: Date.UTC(2026, 2, 1, 10), userAgent: 'Test/1.0', url: 'https://app.test/x' };

let disconnect: () => void = () => undefined;
afterEach(() => {
  disconnect();
});

describe('error log payload (SPEC §3)', () => {
  it('has message, stack, timestamp, userAgent, url, context and the catalogue fields', () => {
    const error = new Error('broken');
    const payload = buildErrorLogPayload(
      {
        message: 'broken',
        error,
        code: 'UNKNOWN_ERROR',
        severity: 'high',
        userMessage: 'A JavaScript error occurred',
        context: { kind: 'javascript', cause: new Error('inner') },
      },
      environment,
    );
    expect(payload).toEqual({
      message: 'broken',
      stack: error.stack,
      timestamp: '2026-03-01T10:00:00.000Z',
      userAgent: 'Test/1.0',
      url: 'https://app.test/x',
      context: { kind: 'javascript', cause: { name: 'Error', message: 'inner' } },
      code: 'UNKNOWN_ERROR',
      severity: 'high',
      userMessage: 'A JavaScript error occurred',
    });
    expect(errorLogPayloadSchema.parse(payload)).toEqual(payload);
  });

  it("stays within the server's limits", () => {
    const payload = buildErrorLogPayload(
      {
        message: 'm'.repeat(5_000),
        context: Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`k${index}`, 'v'.repeat(900)])),
      },
      { ...environment, userAgent: 'u'.repeat(3_000), url: `https://app.test/${'p'.repeat(5_000)}` },
    );
    expect(payload.message).toHaveLength(errorLogLimits.messageMax);
    expect(payload.userAgent).toHaveLength(errorLogLimits.userAgentMax);
    expect(payload.url).toHaveLength(errorLogLimits.urlMax);
    expect(JSON.stringify(payload.context).length).toBeLessThanOrEqual(errorLogLimits.contextMaxBytes);
    expect(payload.context?.truncated).toBe(true);
    expect(errorLogPayloadSchema.safeParse(payload).success).toBe(true);
  });
});

describe('reporting', () => {
  it('hands valid payloads to the connected sink and never throws', async () => {
    const sink = vi.fn(async () => {
      throw new Error('offline and the queue is broken too');
    });
    disconnect = connectErrorReporting(sink);
    expect(() => reportError({ message: 'it broke' })).not.toThrow();
    // The contract schema loads with the first report, so the sink is called a moment later.
    await vi.waitFor(() =>
      expect(sink).toHaveBeenCalledWith(expect.objectContaining({ message: 'it broke' })),
    );
  });

  it('logs a mount failure as "Error while mounting app"', async () => {
    const sink = vi.fn(async () => undefined);
    disconnect = connectErrorReporting(sink);
    reportMountFailure(new Error('no #root'));
    await vi.waitFor(() =>
      expect(sink).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Error while mounting app',
          severity: 'critical',
          context: expect.objectContaining({ kind: 'mount', error: 'no #root' }),
        }),
      ),
    );
  });
});
