import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { economicImpactSchema } from '@uplift/contracts';
import { createUser, signedInAs } from '../../../test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { expectEtagRevalidation } from '../../../test/etag-revalidation.ts';
import { startInstance, type Instance } from '../../../test/instance.ts';
import { memberOutcomes } from '../../db/schema.ts';

let database: TestDatabase;
let a: Instance;
let b: Instance;
/** A member an admin makes an admin in the last test, there from the start. */
let promoted: { id: string; email: string };
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  database = await createTestDatabase();
  [a, b] = await Promise.all([startInstance(database.url), startInstance(database.url)]);
  // Five members have reported a raise: enough for the totals to be shown.
  for (let i = 0; i < 5; i += 1) {
    const member = await createUser(a.db, 'member-tier-1');
    await a.db
      .insert(memberOutcomes)
      .values({ userId: member.id, type: 'raise', occurredOn: today, annualAmount: 1_000 });
  }
  promoted = await createUser(a.db, 'member-tier-1');
});

afterAll(async () => {
  await Promise.all([a.app.close(), b.app.close()]);
  await Promise.all([a.db.$client.end(), b.db.$client.end()]);
  await database.drop();
});

const impactResponse = (instance: Instance, headers: Record<string, string> = {}) =>
  fetch(`${instance.url}/api/metrics/economic-impact`, { headers });
const impact = async (instance: Instance, headers: Record<string, string> = {}) =>
  economicImpactSchema.parse(await (await impactResponse(instance, headers)).json());

/** The impact figures in the public cache (plugins/public-cache.ts), with two instances on one database. */
describe('the economic impact served from memory, on every instance', () => {
  it('answers anonymous repeats with one ETag, and 304 to a caller who has it', async () => {
    await expectEtagRevalidation((headers) => impactResponse(b, headers));
    expect((await impactResponse(b)).headers.get('cache-control')).toBe('public, no-cache');
  });

  it('shows a reported outcome at once where it was reported and, through NOTIFY, on the other instance', async () => {
    const { cookie } = await signedInAs(a.app, a.db, 'member-tier-1');
    // Kept on both instances, for anonymous and signed-in callers, before the outcome.
    const before = await impact(b);
    await impact(a);
    const signedInBefore = await impact(b, { cookie });
    expect(signedInBefore.totalAnnualWageUplift).toBe(before.totalAnnualWageUplift);

    const reported = await a.app.inject({
      method: 'POST',
      url: '/api/profile/outcomes',
      headers: { cookie },
      payload: { type: 'new-job', occurredOn: today, annualAmount: 12_000 },
    });
    expect(reported.statusCode, reported.body).toBe(201);

    expect((await impact(a)).totalAnnualWageUplift).toBe(before.totalAnnualWageUplift! + 12_000);
    await expect
      .poll(async () => (await impact(b)).totalAnnualWageUplift, { timeout: 5_000, interval: 50 })
      .toBe(before.totalAnnualWageUplift! + 12_000);
    // The signed-in caller's copy (the metrics service's own) went with it.
    expect((await impact(b, { cookie })).totalAnnualWageUplift).toBe(before.totalAnnualWageUplift! + 12_000);
  });

  it('counts one member fewer everywhere once an admin makes a member an admin', async () => {
    const { cookie } = await signedInAs(b.app, b.db, 'admin');
    const before = (await impact(a)).members;

    const changed = await b.app.inject({
      method: 'PATCH',
      url: `/api/users/${promoted.id}`,
      headers: { cookie },
      payload: { role: 'admin', confirmEmail: promoted.email },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    await expect
      .poll(async () => (await impact(a)).members, { timeout: 5_000, interval: 50 })
      .toBe(before - 1);
  });
});
