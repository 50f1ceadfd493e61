import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedInAs } from '../../test/accounts.ts';
import { errorLogs } from '../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = (message: string) => ({
  message,
  timestamp: '2026-11-20T10:00:00.000Z',
  userAgent: 'vitest',
  url: '/offline-demo',
});

function post(payload: object, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/log-error', payload, headers });
}
const count = async (message: string) =>
  (await t.db.select().from(errorLogs).where(eq(errorLogs.message, message))).length;

describe('Idempotency-Key on writes', () => {
  it('applies a key once and answers the repeat with the stored result', async () => {
    const headers = { 'idempotency-key': 'queue-item-0001' };
    const first = await post(report('once only'), headers);
    const repeat = await post(report('once only'), headers);
    expect(first.statusCode).toBe(201);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()).toEqual(first.json());
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(await count('once only')).toBe(1);
  });

  it('without a key, every request is applied', async () => {
    await post(report('no key'), {});
    await post(report('no key'), {});
    expect(await count('no key')).toBe(2);
  });

  it('scopes keys per user: the same key from another user is applied for them and leaks nothing', async () => {
    const alice = await signedInAs(t.app, t.db, 'member-tier-1');
    const bob = await signedInAs(t.app, t.db, 'member-tier-1');
    const key = { 'idempotency-key': 'shared-key-1234' };
    const fromAlice = await post(report('per user'), { ...key, cookie: alice.cookie });
    const fromBob = await post(report('per user'), { ...key, cookie: bob.cookie });
    expect(fromBob.headers['idempotent-replayed']).toBeUndefined();
    expect(fromBob.json<{ id: string }>().id).not.toBe(fromAlice.json<{ id: string }>().id);
    expect(await count('per user')).toBe(2);
  });

  it('refuses a key reused for a different request', async () => {
    const headers = { 'idempotency-key': 'reused-key-5678' };
    await post(report('first body'), headers);
    const other = await post(report('second body'), headers);
    expect(other.statusCode).toBe(422);
    expect(apiErrorSchema.parse(other.json()).error.message).toMatch(/different request/);
    expect(await count('second body')).toBe(0);
  });

  it('does not store a failed validation, so the corrected request still goes through', async () => {
    const headers = { 'idempotency-key': 'fix-and-retry-01' };
    expect((await post({ message: '' }, headers)).statusCode).toBe(400);
    expect((await post(report('fixed'), headers)).statusCode).toBe(201);
    expect(await count('fixed')).toBe(1);
  });

  it('rejects a malformed key', async () => {
    const response = await post(report('bad key'), { 'idempotency-key': 'x' });
    expect(response.statusCode).toBe(400);
    expect(await count('bad key')).toBe(0);
  });
});
