import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, errorLogLimits } from '@uplift/contracts';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { errorLogs } from '../../db/schema.ts';

const validPayload = {
  message: 'TypeError: x is undefined',
  stack: 'at render (App.tsx:10)',
  timestamp: '2026-11-20T10:00:00.000Z',
  userAgent: 'Mozilla/5.0 (iPhone)',
  url: 'https://uplift.example/community',
  context: { component: 'Feed' },
  code: 'UNKNOWN_ERROR',
  severity: 'high',
  userMessage: 'A component error occurred',
};

describe('POST /api/log-error', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/log-error',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('stores a valid report with its optional catalogue fields', async () => {
    const response = await post(validPayload);
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const rows = await t.db.select().from(errorLogs);
    const stored = rows.find((row) => row.id === id);
    expect(stored).toMatchObject({
      message: validPayload.message,
      code: 'UNKNOWN_ERROR',
      severity: 'high',
      userMessage: 'A component error occurred',
      context: { component: 'Feed' },
    });
    expect(stored?.occurredAt.toISOString()).toBe(validPayload.timestamp);
  });

  it('accepts a report without the optional fields', async () => {
    const { code: _c, severity: _s, userMessage: _u, stack: _st, context: _ctx, ...required } = validPayload;
    expect((await post(required)).statusCode).toBe(201);
  });

  it.each([
    ['a missing message', { ...validPayload, message: undefined }],
    ['a wrong type', { ...validPayload, timestamp: 12 }],
    ['an unknown code', { ...validPayload, code: 'NOPE' }],
    ['an unknown severity', { ...validPayload, severity: 'fatal' }],
    ['a message over the limit', { ...validPayload, message: 'x'.repeat(errorLogLimits.messageMax + 1) }],
  ])('rejects %s with 400 in the error shape and stores nothing', async (_name, payload) => {
    const before = (await t.db.select().from(errorLogs)).length;
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.issues?.length).toBeGreaterThan(0);
    expect((await t.db.select().from(errorLogs)).length).toBe(before);
  });

  it('rejects malformed JSON with 400', async () => {
    const response = await post('{"message": ');
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.message).toBe('The request body is not valid JSON.');
  });

  it('rejects a body over its size limit with 413', async () => {
    const response = await post({ ...validPayload, stack: 'y'.repeat(errorLogLimits.bodyMaxBytes) });
    expect(response.statusCode).toBe(413);
    expect(apiErrorSchema.parse(response.json()).error.message).toBe('Request body is too large.');
  });

  it('rate-limits each client and answers 429 in the error shape', async () => {
    const client = { 'x-forwarded-for': '1.2.3.4' };
    const limited = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/log-error',
          headers: { 'content-type': 'application/json', ...client },
          payload: validPayload,
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(apiErrorSchema.parse(response.json()).error.code).toBe('RATE_LIMITED');
        }
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(30);
      expect(statuses.at(-1)).toBe(429);
      const otherClient = await limited.app.inject({
        method: 'POST',
        url: '/api/log-error',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '5.6.7.8' },
        payload: validPayload,
      });
      expect(otherClient.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('lists the latest reports to admins only', async () => {
    await post({ ...validPayload, message: 'newest report' });
    const admin = await signedInAs(t.app, t.db, 'admin');
    const member = await signedInAs(t.app, t.db, 'member-tier-2');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/error-logs?limit=1',
      headers: { cookie: admin.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toMatchObject([{ message: 'newest report' }]);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/error-logs',
      headers: { cookie: member.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });
});
