import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dashboardStatsSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, signedInAs } from '../../../test/accounts.ts';
import { authEvents, chatUsage, skillAttempts } from '../../db/schema.ts';
import { periodOf } from './dashboard.repo.ts';
import { dashboardFreshForMs } from './dashboard.service.ts';

const dayMs = 24 * 60 * 60_000;
const daysAgo = (n: number) => new Date(Date.now() - n * dayMs);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('GET /api/metrics/dashboard-stats', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signedInAs(t.app, t.db, 'admin'));
    const a = await createUser(t.db, 'member-tier-1');
    const b = await createUser(t.db, 'member-tier-2');
    await t.db.insert(authEvents).values([
      { type: 'login.success', userId: a.id, createdAt: daysAgo(2) },
      { type: 'login.success', userId: b.id, createdAt: daysAgo(2) },
      { type: 'refresh', userId: a.id, createdAt: daysAgo(2) },
      { type: 'login.failure', email: 'x@example.test', createdAt: daysAgo(2) },
      { type: 'login.failure', email: 'x@example.test', createdAt: daysAgo(2) },
      { type: 'login.throttled', email: 'x@example.test', createdAt: daysAgo(2) },
      { type: 'refresh.reuse', userId: b.id, createdAt: daysAgo(20) },
      { type: 'login.success', userId: a.id, createdAt: daysAgo(60) },
    ]);
    await t.db.insert(chatUsage).values([
      { scope: `user:${a.id}`, day: isoDay(daysAgo(1)), count: 4 },
      { scope: 'visitor:v1', day: isoDay(daysAgo(1)), count: 3 },
      // The same visitor's messages counted again by address: not counted twice.
      { scope: 'ip:127.0.0.1', day: isoDay(daysAgo(1)), count: 3 },
    ]);
    await t.db.insert(skillAttempts).values([
      { userId: a.id, skills: ['communication'], status: 'completed', completedAt: daysAgo(3) },
      { userId: a.id, skills: ['leadership'], status: 'completed', completedAt: daysAgo(40) },
      { userId: b.id, skills: ['leadership'], status: 'in-progress' },
    ]);
  });
  afterAll(() => t.close());

  async function stats(days: number) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/metrics/dashboard-stats?days=${days}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    // Sent as JSON whether written now or kept from an earlier answer of the same figures.
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return dashboardStatsSchema.parse(response.json());
  }

  it('aggregates stored rows over the chosen period, one point per day', async () => {
    const week = await stats(7);
    expect(week.activity).toHaveLength(7);
    expect(week.security).toHaveLength(7);
    expect(week.to).toBe(isoDay(new Date()));
    expect(week.from).toBe(periodOf(7).from);
    expect(week.membersByRole).toEqual([
      { role: 'member-tier-1', count: 1 },
      { role: 'member-tier-2', count: 1 },
      { role: 'admin', count: 1 },
    ]);
    expect(week.newMembers).toBe(3);
    const twoDaysAgo = isoDay(daysAgo(2));
    const securityDay = week.security.find((point) => point.day === twoDaysAgo);
    // The admin's own sign-in in beforeAll counts as well (today).
    expect(securityDay).toEqual({ day: twoDaysAgo, signIns: 2, failures: 2, lockouts: 1, tokenReuse: 0 });
    expect(week.activity.find((point) => point.day === twoDaysAgo)?.activeMembers).toBe(2);
    expect(week.activity.find((point) => point.day === isoDay(daysAgo(1)))).toMatchObject({
      activeMembers: 1,
      valeQuestions: 7,
    });
    expect(week.security.reduce((sum, point) => sum + point.tokenReuse, 0)).toBe(0);
    expect(week.assessments).toEqual({ members: 3, membersAssessed: 1, completedInPeriod: 1 });
    expect(week.impact.members).toBeGreaterThanOrEqual(0);
  });

  it('widens with the period', async () => {
    const month = await stats(30);
    expect(month.activity).toHaveLength(30);
    expect(month.security.reduce((sum, point) => sum + point.tokenReuse, 0)).toBe(1);
    const quarter = await stats(90);
    expect(quarter.assessments.completedInPeriod).toBe(2);
    expect(quarter.security.reduce((sum, point) => sum + point.signIns, 0)).toBe(4);
  });

  // Only Date is faked: the figures' age is read from the clock, the database runs in real time.
  it('keeps its own figures for five seconds, while the impact is as fresh as on the public pages', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      advance(dashboardFreshForMs); // past whatever the tests above left
      const first = await stats(7);
      const sum = (points: typeof first.security, of: (point: (typeof points)[number]) => number) =>
        points.reduce((total, point) => total + of(point), 0);
      // A question to Vale, a new premium member signing in (a sign-in event), and an outcome reported.
      await t.db.insert(chatUsage).values({ scope: 'visitor:v2', day: isoDay(new Date()), count: 5 });
      const member = await signedInAs(t.app, t.db, 'member-tier-2');
      const reported = await t.app.inject({
        method: 'POST',
        url: '/api/profile/outcomes',
        headers: { cookie: member.cookie },
        payload: { type: 'raise', occurredOn: isoDay(daysAgo(1)), annualAmount: 5_000 },
      });
      expect(reported.statusCode, reported.body).toBe(201);

      advance(dashboardFreshForMs - 1);
      const kept = await stats(7);
      const { impact: keptImpact, ...keptFigures } = kept;
      const { impact: firstImpact, ...firstFigures } = first;
      expect(keptFigures).toEqual(firstFigures);
      // The outcome dropped the impact's own cache (metrics.service.ts): the new member counts at once.
      expect(keptImpact.members).toBe(firstImpact.members + 1);

      advance(1);
      const fresh = await stats(7);
      expect(Date.parse(fresh.generatedAt)).toBeGreaterThan(Date.parse(first.generatedAt));
      expect(fresh.membersByRole.find((entry) => entry.role === 'member-tier-2')?.count).toBe(
        (first.membersByRole.find((entry) => entry.role === 'member-tier-2')?.count ?? 0) + 1,
      );
      expect(fresh.newMembers).toBe(first.newMembers + 1);
      expect(fresh.assessments.members).toBe(first.assessments.members + 1);
      expect(sum(fresh.security, (point) => point.signIns)).toBe(
        sum(first.security, (point) => point.signIns) + 1,
      );
      const questions = (stats: typeof first) =>
        stats.activity.reduce((n, point) => n + point.valeQuestions, 0);
      expect(questions(fresh)).toBe(questions(first) + 5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers concurrent identical requests alike, and starts the new period at midnight UTC', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const now = new Date();
      const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
      vi.setSystemTime(midnight - 1_000);
      const burst = await Promise.all(Array.from({ length: 5 }, () => stats(30)));
      expect(new Set(burst.map((answer) => answer.generatedAt)).size).toBe(1);
      const [evening] = burst;
      expect(evening?.to).toBe(isoDay(new Date(midnight - 1_000)));

      // Within the five seconds, but another day: not the period kept from yesterday.
      vi.setSystemTime(midnight + 1_000);
      const morning = await stats(30);
      expect(morning.to).toBe(isoDay(new Date(midnight)));
      expect(morning.from).toBe(periodOf(30, new Date(midnight)).from);
      expect(morning.activity).toHaveLength(30);
      expect(morning.activity.at(-1)?.day).toBe(morning.to);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses other periods with a 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/metrics/dashboard-stats?days=365',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
  });
});
