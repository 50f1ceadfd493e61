import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  assessmentResultSchema,
  assessmentStateSchema,
  thetaToScore,
  type AssessmentState,
} from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { skillItems } from '../../db/schema.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';
import { seedSkillItems } from './item-bank.ts';
import { estimateAbility } from './psychometrics.ts';

type ItemRow = typeof skillItems.$inferSelect;
type Answer = 'right' | 'wrong' | 'dont-know';

/** Issue 45.8: "I don't know" is an answer the server takes, scores as incorrect and reviews as such. */
describe('skills "I don\'t know"', () => {
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
  const choiceFor = (item: ItemRow, answer: Answer) =>
    answer === 'right' ? item.answer : answer === 'wrong' ? (item.answer + 1) % 4 : 'dont-know';

  /** Runs an attempt to the end, answering the n-th question as `answerOf(n)` says. */
  async function sitting(cookie: string, skill: string, answerOf: (n: number) => Answer) {
    const started = await send(cookie, 'POST', '/api/skills/assessments', { skills: [skill] });
    expect(started.statusCode).toBe(201);
    let current: AssessmentState = assessmentStateSchema.parse(started.json());
    const given: Array<{ item: ItemRow; answer: Answer }> = [];
    while (current.item) {
      const item = bank.get(current.item.id)!;
      const answer = answerOf(given.length);
      const response = await send(cookie, 'POST', `/api/skills/assessments/${current.id}/answers`, {
        itemId: item.id,
        choice: choiceFor(item, answer),
      });
      expect(response.statusCode).toBe(200);
      given.push({ item, answer });
      current = assessmentStateSchema.parse(response.json());
    }
    const result = await send(cookie, 'GET', `/api/skills/assessments/${current.id}/result`);
    expect(result.statusCode).toBe(200);
    return { id: current.id, given, result: assessmentResultSchema.parse(result.json()) };
  }

  it('scores "I don\'t know" as incorrect in the likelihood and shows it as such in the review', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const pattern: Answer[] = ['dont-know', 'right', 'wrong'];
    const { given, result } = await sitting(cookie, 'leadership', (n) => pattern[n % 3]!);
    expect(given.length).toBeGreaterThanOrEqual(5);

    // The estimate is the one with every "I don't know" as a wrong answer.
    const expected = estimateAbility(
      given.map(({ item, answer }) => ({
        a: item.discrimination,
        b: item.difficulty,
        correct: answer === 'right',
      })),
    );
    const [skill] = result.results;
    expect(skill!.score).toBe(thetaToScore(expected.theta));
    expect(skill!.itemsAnswered).toBe(given.length);
    expect(skill!.correctCount).toBe(given.filter((g) => g.answer === 'right').length);

    // Every miss is reviewed; those answered "I don't know" say so; live questions keep their keys.
    const dontKnows = given.filter((g) => g.answer === 'dont-know').length;
    expect(result.review).toHaveLength(given.filter((g) => g.answer !== 'right').length);
    expect(result.review.filter((entry) => entry.dontKnow)).toHaveLength(dontKnows);
    expect(result.review.every((entry) => entry.retired === null)).toBe(true);
  });

  it('shows "I don\'t know" as the answer of a retired question, with no option chosen', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const { id, given } = await sitting(cookie, 'entrepreneurship', () => 'dont-know');
    const retired = given[0]!.item;
    await t.db.update(skillItems).set({ active: false }).where(eq(skillItems.id, retired.id));
    try {
      const result = assessmentResultSchema.parse(
        (await send(cookie, 'GET', `/api/skills/assessments/${id}/result`)).json(),
      );
      expect(result.results[0]!.correctCount).toBe(0);
      expect(result.review.filter((entry) => entry.retired !== null)).toEqual([
        expect.objectContaining({
          dontKnow: true,
          retired: expect.objectContaining({ chosen: null, correctOption: retired.answer }),
        }),
      ]);
    } finally {
      await seedSkillItems(t.db);
    }
  });

  it('takes "I don\'t know" once, like any answer, and refuses anything else that is no option', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const started = assessmentStateSchema.parse(
      (await send(cookie, 'POST', '/api/skills/assessments', { skills: ['communication'] })).json(),
    );
    const url = `/api/skills/assessments/${started.id}/answers`;
    const itemId = started.item!.id;

    const unknown = await send(cookie, 'POST', url, { itemId, choice: 'maybe' });
    expect(unknown.statusCode).toBe(400);
    expect(apiErrorSchema.parse(unknown.json()).error.statusCode).toBe(400);
    expect((await send(cookie, 'POST', url, { itemId, choice: null })).statusCode).toBe(400);

    const first = await send(cookie, 'POST', url, { itemId, choice: 'dont-know' });
    expect(first.statusCode).toBe(200);
    const next = assessmentStateSchema.parse(first.json());
    expect(next.skills[0]!.answered).toBe(1);
    expect(next.item!.id).not.toBe(itemId);
    // Sent again (a replay), the same answer changes nothing; an option cannot replace it.
    const again = await send(cookie, 'POST', url, { itemId, choice: 'dont-know' });
    expect(again.statusCode).toBe(200);
    expect(assessmentStateSchema.parse(again.json()).item!.id).toBe(next.item!.id);
    const changed = await send(cookie, 'POST', url, { itemId, choice: 0 });
    expect(changed.statusCode).toBe(409);
  });
});
