import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessmentResultSchema,
  assessmentStateSchema,
  skillsLimits,
  type AssessmentState,
} from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { skillItems, skillResponses } from '../../db/schema.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';
import { seedSkillItems } from './item-bank.ts';

type ItemRow = typeof skillItems.$inferSelect;

/** Issue 40: the review must not let accounts farm the keys of the live bank; time is credited honestly. */
describe('skills review and credited time', () => {
  let t: TestApp;
  let bank: Map<string, ItemRow>;
  beforeAll(async () => {
    t = await createTestApp();
    await seedSkillItems(t.db);
    await seedKnowledgePoints(t.db);
    bank = new Map((await t.db.select().from(skillItems)).map((row) => [row.id, row]));
  });
  afterAll(() => t.close());

  const send = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const state = (body: string) => assessmentStateSchema.parse(JSON.parse(body));

  /** Runs an attempt to the end, answering right when `right(n)`; returns every body the API sent. */
  async function sitting(cookie: string, skills: string[], right: (n: number) => boolean) {
    const bodies: Array<{ url: string; body: string; served?: string }> = [];
    const started = await send(cookie, 'POST', '/api/skills/assessments', { skills });
    expect(started.statusCode).toBe(201);
    let current: AssessmentState = state(started.body);
    bodies.push({ url: 'start', body: started.body, served: current.item?.id });
    const served: string[] = [];
    for (let n = 0; current.item; n += 1) {
      const item = bank.get(current.item.id)!;
      served.push(item.id);
      const reloaded = await send(cookie, 'GET', `/api/skills/assessments/${current.id}`);
      bodies.push({ url: 'state', body: reloaded.body, served: item.id });
      const response = await send(cookie, 'POST', `/api/skills/assessments/${current.id}/answers`, {
        itemId: item.id,
        choice: right(n) ? item.answer : (item.answer + 1) % 4,
      });
      expect(response.statusCode).toBe(200);
      current = state(response.body);
      bodies.push({ url: 'answer', body: response.body, served: current.item?.id });
    }
    for (const url of [
      `/api/skills/assessments/${current.id}/result`,
      '/api/skills/results',
      '/api/skills/recommendations',
    ]) {
      const response = await send(cookie, 'GET', url);
      expect(response.statusCode).toBe(200);
      bodies.push({ url, body: response.body });
    }
    return { id: current.id, served, bodies };
  }

  it('no response of the attempt and result endpoints contains the key of a live item', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-2');
    // Two in three right, the misses spread over every skill (eight skills interleave, three is coprime).
    const skills = [...new Set([...bank.values()].map((item) => item.skill))];
    const { id, served, bodies } = await sitting(cookie, skills, (n) => n % 3 !== 0);
    expect(served.length).toBeGreaterThanOrEqual(5 * skills.length);
    const live = [...bank.values()].filter((item) => item.active);
    expect(live.length).toBe(bank.size);

    for (const { url, body, served: open } of bodies) {
      // No field that carries a key, an item's own explanation or its parameters, anywhere.
      expect(body, url).not.toMatch(
        /"(answer|correctOption|correct|explanation|discrimination|difficulty)":/,
      );
      expect(body, url).not.toMatch(/"retired":\{/);
      const asked: string[] = open ? bank.get(open)!.options : [];
      if (open) {
        // The question being asked carries its options (the key among them, unmarked), nothing more.
        expect(JSON.parse(body).item.options).toEqual(asked);
      }
      for (const item of live) {
        if (item.id === open) continue;
        // A key as a whole JSON string, unless the question asked has the same words as an option.
        const key = item.options[item.answer]!;
        const leaked = body.includes(JSON.stringify(key)) && !asked.includes(key);
        expect(leaked, `${url} leaks the key of ${item.id}`).toBe(false);
        expect(body.includes(JSON.stringify(item.stem).slice(1, -1)), `${url} has ${item.id}`).toBe(false);
        expect(body.includes(JSON.stringify(item.explanation).slice(1, -1))).toBe(false);
      }
    }

    // The review still teaches: each missed question's concept, its idea and what to study.
    const result = assessmentResultSchema.parse(
      JSON.parse(bodies.find((b) => b.url.endsWith(`${id}/result`))!.body),
    );
    const missed = served.length - result.results.reduce((sum, r) => sum + r.correctCount, 0);
    expect(result.review).toHaveLength(missed);
    for (const entry of result.review) {
      expect(entry.retired).toBeNull();
      expect(entry.idea.length).toBeGreaterThan(40);
      expect(entry.study.some((link) => link.kind === 'knowledge')).toBe(true);
      for (const link of entry.study) expect(link.href).toMatch(/^\/(skills\?knowledge=|videos\/)/);
    }
    // Ordered by skill and concept, not by the order the questions were served.
    const order = result.review.map((entry) => `${skills.indexOf(entry.skill)}:${entry.concept}`);
    expect(order).toEqual([...order].sort((x, y) => x.localeCompare(y, 'en', { numeric: true })));
  });

  it('shows a missed question in full once it is retired from the bank', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const { id, served } = await sitting(cookie, ['entrepreneurship'], () => false);
    const retiredId = served[0]!;
    await t.db.update(skillItems).set({ active: false }).where(eq(skillItems.id, retiredId));
    try {
      const result = assessmentResultSchema.parse(
        (await send(cookie, 'GET', `/api/skills/assessments/${id}/result`)).json(),
      );
      const full = result.review.filter((entry) => entry.retired !== null);
      const item = bank.get(retiredId)!;
      expect(full).toEqual([
        expect.objectContaining({
          retired: {
            stem: item.stem,
            options: item.options,
            chosen: (item.answer + 1) % 4,
            correctOption: item.answer,
            explanation: item.explanation,
          },
        }),
      ]);
      expect(result.review).toHaveLength(served.length);
    } finally {
      // The seeder puts a bank item back in service.
      await seedSkillItems(t.db);
    }
    expect((await t.db.select().from(skillItems).where(eq(skillItems.id, retiredId)))[0]!.active).toBe(true);
  });

  it('credits the time since the question was served, capped at 5 minutes, never more than the device says', async () => {
    expect(skillsLimits.maxTimePerItemMs).toBe(5 * 60_000);
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const started = state(
      (await send(cookie, 'POST', '/api/skills/assessments', { skills: ['leadership'] })).body,
    );
    const credited: number[] = [];
    let current = started;
    /** Moves the open question's serving time back, then answers it with the device's time. */
    async function answerAfter(secondsAgo: number, timeSpentMs?: number) {
      const itemId = current.item!.id;
      await t.db
        .update(skillResponses)
        .set({ servedAt: sql`now() - make_interval(secs => ${secondsAgo})` })
        .where(and(eq(skillResponses.attemptId, current.id), eq(skillResponses.itemId, itemId)));
      const response = await send(cookie, 'POST', `/api/skills/assessments/${current.id}/answers`, {
        itemId,
        choice: 0,
        ...(timeSpentMs === undefined ? {} : { timeSpentMs }),
      });
      expect(response.statusCode).toBe(200);
      current = state(response.body);
      const [row] = await t.db
        .select({ ms: skillResponses.timeSpentMs })
        .from(skillResponses)
        .where(and(eq(skillResponses.attemptId, current.id), eq(skillResponses.itemId, itemId)));
      credited.push(row!.ms!);
    }
    await answerAfter(42, 24 * 60 * 60_000); // the device claims a day: 42 s are credited
    await answerAfter(2 * 60 * 60); // two hours idle, no device time: the 5-minute cap
    await answerAfter(90, 30_000); // answered offline after 30 s, sent later: the device's 30 s
    await answerAfter(0, 600_000); // answered at once: about nothing
    expect(credited[0]).toBeGreaterThanOrEqual(42_000);
    expect(credited[0]).toBeLessThan(45_000);
    expect(credited[1]).toBe(5 * 60_000);
    expect(credited[2]).toBe(30_000);
    expect(credited[3]).toBeLessThan(2_000);
    const results = await send(cookie, 'GET', '/api/skills/results');
    expect(results.statusCode).toBe(200);
    const { rows } = await t.db.execute<{ seconds: number }>(
      sql`select time_spent_seconds as seconds from skill_attempts where id = ${current.id}`,
    );
    const total = credited.reduce((sum, ms) => sum + ms, 0);
    expect(Number(rows[0]!.seconds)).toBe(Math.round(total / 1000));
  });
});
