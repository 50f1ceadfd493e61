import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dashboardStatsSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedInAs } from '../../test/accounts.ts';
import { loadConfig } from '../config.ts';
import { authEvents, chatUsage, skillAttempts, skillResults } from '../db/schema.ts';
import { seedSkillItems } from '../modules/skills/index.ts';
import { seedProfiles } from './profiles.ts';
import { seedDashboardActivity } from './dashboard-activity.ts';
import { dashboardFreshForMs } from '../modules/admin/dashboard.service.ts';

describe('demo activity for the admin dashboard', () => {
  let t: TestApp;
  let dataDir: string;
  let cookie: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'uplift-dashboard-seed-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    await seedSkillItems(t.db);
    await seedProfiles(t.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    ({ cookie } = await signedInAs(t.app, t.db, 'admin'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function stats(days: number) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/metrics/dashboard-stats?days=${days}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return dashboardStatsSchema.parse(response.json());
  }

  async function rowCounts() {
    const counted = await Promise.all(
      [authEvents, chatUsage, skillAttempts, skillResults].map(async (table) => {
        const [row] = await t.db.select({ n: count() }).from(table);
        return row?.n ?? 0;
      }),
    );
    return counted;
  }

  it('gives every chart of a fresh install something to draw, from stored rows', async () => {
    const before = await stats(90);
    expect(before.activity.every((point) => point.valeQuestions === 0)).toBe(true);
    expect(before.assessments.membersAssessed).toBe(0);

    expect(await seedDashboardActivity(t.db)).toBeGreaterThan(0);
    // The figures may be a few seconds old (dashboard.service.ts): read them once that time has passed.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + dashboardFreshForMs);
    const quarter = await stats(90).finally(() => vi.useRealTimers());
    const sum = <T>(points: T[], of: (point: T) => number) =>
      points.reduce((total, point) => total + of(point), 0);

    // Members joining week by week: some before the period, many within it, fewer in the last week.
    const members = sum(quarter.membersByRole, (entry) => entry.count);
    expect(quarter.newMembers).toBeGreaterThan(10);
    expect(quarter.newMembers).toBeLessThan(members);
    expect((await stats(7)).newMembers).toBeLessThan(quarter.newMembers);

    // Activity and Vale questions on most days, not a flat line.
    const activeDays = quarter.activity.filter((point) => point.activeMembers > 0).length;
    const askedDays = quarter.activity.filter((point) => point.valeQuestions > 0).length;
    expect(activeDays).toBeGreaterThan(80);
    expect(askedDays).toBeGreaterThan(70);
    expect(new Set(quarter.activity.map((point) => point.activeMembers)).size).toBeGreaterThan(3);

    // Every security series has events: sign-ins, failures, the throttled burst and the reused tokens.
    expect(sum(quarter.security, (point) => point.signIns)).toBeGreaterThan(100);
    expect(sum(quarter.security, (point) => point.failures)).toBeGreaterThan(10);
    expect(sum(quarter.security, (point) => point.lockouts)).toBeGreaterThan(0);
    expect(sum(quarter.security, (point) => point.tokenReuse)).toBe(2);

    // The progress ring: a share of members assessed, with completions inside the period.
    expect(quarter.assessments.membersAssessed).toBeGreaterThan(5);
    expect(quarter.assessments.membersAssessed).toBeLessThan(quarter.assessments.members);
    expect(quarter.assessments.completedInPeriod).toBeGreaterThan(0);
    expect(quarter.impact.members).toBeGreaterThan(0);
  });

  it('adds nothing when run again, as on every start', async () => {
    const before = await rowCounts();
    expect(await seedDashboardActivity(t.db)).toBe(0);
    expect(await rowCounts()).toEqual(before);
  });
});
