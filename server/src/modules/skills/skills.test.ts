import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessmentResultSchema,
  assessmentStateSchema,
  skillRecommendationsResponseSchema,
  skillResultsResponseSchema,
  type AssessmentState,
} from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { partners, skillAttempts, skillItems, skillResults, videos } from '../../db/schema.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';
import { seedSkillItems } from './item-bank.ts';

describe('skills assessment API', () => {
  let t: TestApp;
  let keys: Map<string, number>;
  beforeAll(async () => {
    t = await createTestApp();
    await seedSkillItems(t.db);
    const rows = await t.db.select({ id: skillItems.id, answer: skillItems.answer }).from(skillItems);
    keys = new Map(rows.map((row) => [row.id, row.answer]));
  });
  afterAll(() => t.close());

  const start = (cookie: string, skills: string[], key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/skills/assessments',
      headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { skills },
    });
  const answer = (cookie: string, id: string, body: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/skills/assessments/${id}/answers`,
      headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  async function insertResult(userId: string, skill: string, score: number) {
    const completedAt = new Date();
    const [attempt] = await t.db
      .insert(skillAttempts)
      .values({ userId, skills: [skill], status: 'completed', completedAt })
      .returning();
    await t.db.insert(skillResults).values({
      attemptId: attempt!.id,
      userId,
      skill,
      theta: (score - 150) / 50,
      standardError: 0.3,
      score,
      itemsAnswered: 10,
      correctCount: 5,
      completedAt,
    });
  }
  const state = (body: string) => assessmentStateSchema.parse(JSON.parse(body));
  const correctIn = (result: { results: Array<{ correctCount: number }> }) =>
    result.results.reduce((sum, r) => sum + r.correctCount, 0);
  const answered = (s: AssessmentState) => s.skills.reduce((sum, skill) => sum + skill.answered, 0);

  /** Answers until complete: right when `right` says so (the test reads keys from the database). */
  async function finish(cookie: string, first: AssessmentState, right: (n: number) => boolean) {
    let current = first;
    for (let n = 0; current.item; n += 1) {
      const key = keys.get(current.item.id) ?? 0;
      const response = await answer(cookie, current.id, {
        itemId: current.item.id,
        choice: right(n) ? key : (key + 1) % 4,
        timeSpentMs: 20_000,
      });
      expect(response.statusCode).toBe(200);
      current = state(response.body);
    }
    return current;
  }

  it('refuses anonymous callers on every route', async () => {
    const id = crypto.randomUUID();
    const calls = [
      t.app.inject({ method: 'POST', url: '/api/skills/assessments', payload: { skills: ['leadership'] } }),
      t.app.inject({ method: 'GET', url: `/api/skills/assessments/${id}` }),
      t.app.inject({ method: 'POST', url: `/api/skills/assessments/${id}/answers`, payload: {} }),
      t.app.inject({ method: 'GET', url: `/api/skills/assessments/${id}/result` }),
      t.app.inject({ method: 'GET', url: '/api/skills/results' }),
      t.app.inject({ method: 'GET', url: '/api/skills/recommendations' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'AUTH_FAILED' } });
    }
  });

  it('takes a two-skill assessment to the end; the review names the concepts of the missed questions', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const started = await start(cookie, ['communication', 'data-analytics']);
    expect(started.statusCode).toBe(201);
    const first = state(started.body);
    expect(first.item?.position).toBe(1);
    expect(started.body).not.toMatch(/"(answer|explanation|correctOption|discrimination|difficulty)"/);

    // Reloading serves the same question, not a new one.
    const again = state((await get(cookie, `/api/skills/assessments/${first.id}`)).body);
    expect(again.item?.id).toBe(first.item?.id);
    expect((await get(cookie, `/api/skills/assessments/${first.id}/result`)).statusCode).toBe(409);

    const done = await finish(cookie, first, (n) => n % 3 !== 0);
    expect(done.status).toBe('completed');
    expect(done.skills.every((skill) => skill.done && skill.answered >= 5 && skill.answered <= 10)).toBe(
      true,
    );

    const result = assessmentResultSchema.parse(
      (await get(cookie, `/api/skills/assessments/${first.id}/result`)).json(),
    );
    expect(result.results.map((r) => r.skill)).toEqual(['communication', 'data-analytics']);
    const missed = done.skills.reduce((sum, skill) => sum + skill.answered, 0) - correctIn(result);
    expect(result.review).toHaveLength(missed);
    expect(missed).toBeGreaterThan(0);
    for (const entry of result.review) {
      expect(entry.retired).toBeNull();
      expect(entry.conceptTitle.length).toBeGreaterThan(0);
      expect(entry.idea.length).toBeGreaterThan(20);
      expect(entry.concept.startsWith(`${entry.skill}/`)).toBe(true);
    }
    for (const r of result.results) {
      expect(r.bandLow).toBeLessThanOrEqual(r.score);
      expect(r.bandHigh).toBeGreaterThanOrEqual(r.score);
      expect(r.percentile).toBeNull();
    }
    // Each answer came well within a second of its question: the device's 20 s are not credited.
    expect(result.timeSpentSeconds).toBeLessThan(answered(done));
  });

  it('applies a replayed answer once, and refuses unserved, changed and late answers', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const first = state((await start(cookie, ['leadership'])).body);
    const item = first.item!;
    const body = { itemId: item.id, choice: 1 };
    const once = await answer(cookie, first.id, body, 'answer-key-0001');
    const replay = await answer(cookie, first.id, body, 'answer-key-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(once.body);
    expect(answered(state(once.body))).toBe(1);

    const unserved = [...keys.keys()].find((id) => id.startsWith('leadership') && id !== item.id)!;
    const notServed = await answer(cookie, first.id, { itemId: unserved, choice: 0 });
    expect(notServed.statusCode).toBe(400);
    expect(notServed.json().error.message).toMatch(/not served/);
    expect((await answer(cookie, first.id, { itemId: item.id, choice: 2 })).statusCode).toBe(409);
    // The same answer again without a key changes nothing.
    const same = await answer(cookie, first.id, body);
    expect(answered(state(same.body))).toBe(1);

    const done = await finish(cookie, state(once.body), () => true);
    const late = await answer(cookie, first.id, { itemId: item.id, choice: 1 });
    expect(late.statusCode).toBe(409);
    expect(answered(state((await get(cookie, `/api/skills/assessments/${first.id}`)).body))).toBe(
      answered(done),
    );
    expect((await answer(cookie, first.id, { itemId: item.id, choice: 9 })).statusCode).toBe(400);
  });

  it('keeps one attempt in progress and enforces the retake cool-down with its date', async () => {
    const { cookie, user } = await signedInAs(t.app, t.db, 'member-tier-1');
    const first = state((await start(cookie, ['entrepreneurship'])).body);
    const second = await start(cookie, ['communication']);
    expect(second.statusCode).toBe(409);
    const results = skillResultsResponseSchema.parse((await get(cookie, '/api/skills/results')).json());
    expect(results.activeAttemptId).toBe(first.id);

    await finish(cookie, first, () => false);
    const latest = skillResultsResponseSchema.parse((await get(cookie, '/api/skills/results')).json());
    const retake = latest.latest[0]!.retakeAvailableAt;
    expect(new Date(retake).getTime() - new Date(latest.latest[0]!.completedAt).getTime()).toBe(
      7 * 86_400_000,
    );
    const tooSoon = await start(cookie, ['entrepreneurship']);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().error.message).toContain(`Entrepreneurship on ${retake.slice(0, 10)}`);

    await t.db
      .update(skillResults)
      .set({ completedAt: sql`now() - interval '8 days'` })
      .where(eq(skillResults.userId, user.id));
    expect((await start(cookie, ['entrepreneurship'])).statusCode).toBe(201);
  });

  it('gives percentiles and history to member-tier-2 only, percentiles as an independent count', async () => {
    const scores = [90, 120, 150, 150, 180, 240];
    for (const score of scores) {
      const { user } = await signedInAs(t.app, t.db, 'member-tier-1');
      // An older result first, which must not count: only each member's latest does.
      for (const [value, daysAgo] of [
        [300, 30],
        [score, 1],
      ] as const) {
        const completedAt = new Date(Date.now() - daysAgo * 86_400_000);
        const [attempt] = await t.db
          .insert(skillAttempts)
          .values({ userId: user.id, skills: ['financial-literacy'], status: 'completed', completedAt })
          .returning();
        await t.db.insert(skillResults).values({
          attemptId: attempt!.id,
          userId: user.id,
          skill: 'financial-literacy',
          theta: (value - 150) / 50,
          standardError: 0.3,
          score: value,
          itemsAnswered: 10,
          correctCount: 5,
          completedAt,
        });
      }
    }
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-2');
    const first = state((await start(cookie, ['financial-literacy'])).body);
    await finish(cookie, first, (n) => n % 2 === 0);
    const mine = skillResultsResponseSchema.parse((await get(cookie, '/api/skills/results')).json());
    expect(mine.detailedReport).toBe(true);
    expect(mine.history).toHaveLength(1);
    const own = mine.latest[0]!;
    const all = [...scores, own.score];
    const expected = Math.round(
      (100 * (all.filter((s) => s < own.score).length + all.filter((s) => s === own.score).length / 2)) /
        all.length,
    );
    expect(own.percentile).toBe(expected);

    const { cookie: tier1 } = await signedInAs(t.app, t.db, 'member-tier-1');
    const basic = skillResultsResponseSchema.parse((await get(tier1, '/api/skills/results')).json());
    expect(basic).toMatchObject({ detailedReport: false, history: null, latest: [] });
  });

  it('answers bad input with 400 in the error shape', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    for (const skills of [[], ['astrology'], ['leadership', 'leadership']]) {
      const response = await start(cookie, skills);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
    expect((await get(cookie, '/api/skills/assessments/not-a-uuid')).statusCode).toBe(400);
    expect((await get(cookie, `/api/skills/assessments/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('recommends videos, knowledge points and partners tagged with the three weakest skills', async () => {
    await seedKnowledgePoints(t.db);
    const media = { mediaKey: 'm', mediaVersion: 'v', posterKey: 'p', posterVersion: 'v' };
    await t.db.insert(videos).values([
      {
        slug: 'budget-basics',
        title: 'Budget basics',
        description: 'Plan a month.',
        kind: 'featured',
        durationSeconds: 60,
        skillTags: ['financial-literacy'],
        ...media,
      },
      {
        slug: 'hidden-budget',
        title: 'Unpublished',
        description: 'Draft.',
        kind: 'featured',
        durationSeconds: 60,
        skillTags: ['financial-literacy'],
        published: false,
        ...media,
      },
      {
        slug: 'team-talk',
        title: 'Team talk',
        description: 'Lead a meeting.',
        kind: 'short',
        durationSeconds: 30,
        skillTags: ['leadership'],
        ...media,
      },
    ]);
    await t.db.insert(partners).values({
      slug: 'money-mentors',
      name: 'Money Mentors',
      category: 'training-provider',
      description: 'Free budgeting courses.',
      skillTags: ['financial-literacy', 'entrepreneurship'],
      address: '1 High Street',
      city: 'Leeds',
      lat: 53.8,
      lng: -1.55,
      logoSvg: '<svg/>',
    });
    const { cookie, user } = await signedInAs(t.app, t.db, 'member-tier-1');
    for (const [skill, score] of [
      ['communication', 210],
      ['financial-literacy', 80],
      ['leadership', 140],
      ['entrepreneurship', 120],
    ] as const) {
      await insertResult(user.id, skill, score);
    }
    const response = await get(cookie, '/api/skills/recommendations');
    expect(response.statusCode).toBe(200);
    const { skills } = skillRecommendationsResponseSchema.parse(response.json());
    expect(skills.map((s) => s.skill)).toEqual(['financial-literacy', 'entrepreneurship', 'leadership']);
    const finance = skills[0]!.items;
    expect(finance.filter((i) => i.kind === 'video').map((i) => i.title)).toEqual(['Budget basics']);
    expect(finance.filter((i) => i.kind === 'partner').map((i) => i.href)).toEqual([
      expect.stringMatching(/^\/partners\/[0-9a-f-]{36}$/),
    ]);
    for (const { skill, items } of skills) {
      expect(items.some((item) => item.kind === 'knowledge')).toBe(true);
      for (const item of items.filter((i) => i.kind === 'knowledge')) {
        const point = (await get(cookie, `/api/knowledge-points/${item.id}`)).json();
        expect(point.skillTags).toContain(skill);
      }
    }
    expect(skills[2]!.items.map((i) => i.title)).toContain('Team talk');
  });
});
