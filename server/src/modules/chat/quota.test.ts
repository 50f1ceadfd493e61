import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { createQuota, type QuotaHolder } from './quota.ts';

/** The charge in one statement: atomic per scope, never over the limit, nothing left over when refused. */
describe("Vale's daily quota under concurrent charges", () => {
  let database: TestDatabase;
  let quota: ReturnType<typeof createQuota>;
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      VALE_QUOTA_ANONYMOUS: '3',
      VALE_QUOTA_ANONYMOUS_PER_ADDRESS: '5',
      VALE_QUOTA_TIER1: '2',
    });
    quota = createQuota(database.db, config);
  });
  afterAll(() => database.drop());

  const visitor = (id: string, ip: string): QuotaHolder => ({
    kind: 'visitor',
    id: id.padEnd(36, '0'),
    ip,
  });
  const charge = (holders: QuotaHolder[]) =>
    Promise.allSettled(holders.map((holder) => quota.consume(holder)));
  const accepted = (results: PromiseSettledResult<unknown>[]) =>
    results.filter((result) => result.status === 'fulfilled').length;

  it('accepts exactly the limit of one visitor asking many times at once', async () => {
    const holder = visitor('one', '10.30.0.1');
    const results = await charge(Array.from({ length: 12 }, () => holder));
    expect(accepted(results)).toBe(3);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ statusCode: 429 });
    }
    expect(await quota.read(holder)).toMatchObject({ used: 3, remaining: 0 });
  });

  it("gives each browser on an address its own allowance up to the address's ceiling, and gives back what a refusal counted", async () => {
    const ip = '10.30.0.2';
    const browsers = ['a', 'b', 'c', 'd'].map((id) => visitor(id, ip));
    const results = await charge(browsers.flatMap((holder) => [holder, holder, holder]));
    // Each browser may have 3, the address 5 in all.
    expect(accepted(results)).toBe(5);
    // Each browser's own count is what it was granted: a charge refused for the address left nothing.
    const granted = browsers.map((_, i) => accepted(results.slice(i * 3, i * 3 + 3)));
    for (const [i, holder] of browsers.entries()) {
      const counted = await database.db.$client.query<{ count: number }>(
        'select count from chat_usage where scope = $1 and day = $2',
        [`visitor:${holder.kind === 'visitor' ? holder.id : ''}`, new Date().toISOString().slice(0, 10)],
      );
      expect(counted.rows[0]?.count ?? 0).toBe(granted[i]);
      expect(granted[i]).toBeLessThanOrEqual(3);
    }
    expect(await quota.read(visitor('e', ip))).toMatchObject({ remaining: 0, limitedBy: 'address' });
  });

  it('refuses with the message of the scope that is used up, and counts nothing then', async () => {
    const ip = '10.30.0.3';
    await charge([visitor('f', ip), visitor('f', ip), visitor('f', ip)]);
    const [browserSpent] = await charge([visitor('f', ip)]);
    expect(browserSpent).toMatchObject({
      status: 'rejected',
      reason: {
        statusCode: 429,
        message: expect.stringMatching(/^You've used all 3 of today's free Vale messages in this browser/),
      },
    });
    // A second browser on the address: its own allowance is whole, the address has 2 left of 5.
    expect(await quota.read(visitor('g', ip))).toMatchObject({ used: 1, remaining: 2, limitedBy: 'address' });
    expect(accepted(await charge([visitor('g', ip), visitor('g', ip)]))).toBe(2);
    const [addressSpent] = await charge([visitor('g', ip)]);
    expect(addressSpent).toMatchObject({
      status: 'rejected',
      reason: { statusCode: 429, message: expect.stringMatching(/on your network are used up/) },
    });
    expect(await quota.read(visitor('g', '10.30.0.4'))).toMatchObject({
      used: 2,
      remaining: 1,
      limitedBy: 'visitor',
    });
  });

  it('counts members by account and admins without limit', async () => {
    const member: QuotaHolder = { kind: 'user', id: crypto.randomUUID(), role: 'member-tier-1' };
    expect(accepted(await charge([member, member, member]))).toBe(2);
    const admin: QuotaHolder = { kind: 'user', id: crypto.randomUUID(), role: 'admin' };
    expect(accepted(await charge(Array.from({ length: 5 }, () => admin)))).toBe(5);
    expect(await quota.read(admin)).toMatchObject({ used: 5, limit: null });
  });

  it("commits the charge without waiting for the disk, and leaves the connection's setting alone", async () => {
    // One connection, so the statement after the charge runs where the charge ran.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const single = createQuota(
        drizzle(client, { schema }) as unknown as Database,
        loadConfig({ NODE_ENV: 'test', VALE_QUOTA_ANONYMOUS: '3' }),
      );
      await single.consume(visitor('h', '10.30.0.5'));
      const shown = await client.query<{ synchronous_commit: string }>('show synchronous_commit');
      expect(shown.rows[0]?.synchronous_commit).toBe('on');
    } finally {
      await client.end();
    }
  });
});
