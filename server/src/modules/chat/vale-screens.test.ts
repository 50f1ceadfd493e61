import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentStateSchema, type AssessmentState } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { doneEvent, parseEvents } from '../../../test/sse.ts';
import { partners, profiles, skillItems } from '../../db/schema.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';
import { seedPartners } from '../../seed/partners.ts';
import { seedVideos } from '../../seed/videos.ts';
import { seedSkillItems } from '../skills/index.ts';

/** Issue 41.3: answers name the product's own partners, videos, assessments and the member's results. */

async function seeded(config: Record<string, string> = {}) {
  const t = await createTestApp(config);
  await Promise.all([seedKnowledgePoints(t.db), seedPartners(t.db), seedVideos(t.db), seedSkillItems(t.db)]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return { t, origin };
}

async function ask(origin: string, message: string, cookie?: string) {
  const response = await fetch(`${origin}/api/chat/${cookie ? 'message' : 'public'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ message }),
  });
  expect(response.status).toBe(200);
  return doneEvent(parseEvents(await response.text()));
}

const funderNames = async (t: TestApp) =>
  (await t.db.select({ name: partners.name }).from(partners).where(eq(partners.category, 'funder'))).map(
    (row) => row.name,
  );

describe('Vale names the product’s screens, with no model configured', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => ({ t, origin } = await seeded()));
  afterAll(() => t.close());

  /** Takes a skill's assessment as the member, every answer right or every answer wrong. */
  async function assess(t: TestApp, cookie: string, skill: string, answers: 'right' | 'wrong') {
    const bank = new Map((await t.db.select().from(skillItems)).map((row) => [row.id, row]));
    const send = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const started = await send('/api/skills/assessments', { skills: [skill] });
    expect(started.statusCode).toBe(201);
    let state: AssessmentState = assessmentStateSchema.parse(JSON.parse(started.body));
    while (state.item) {
      const item = bank.get(state.item.id)!;
      const answered = await send(`/api/skills/assessments/${state.id}/answers`, {
        itemId: item.id,
        choice: answers === 'right' ? item.answer : (item.answer + 1) % 4,
      });
      state = assessmentStateSchema.parse(JSON.parse(answered.body));
    }
    return state;
  }

  it('names funder partners for a funding question, each linked to its partner page and cited', async () => {
    const done = await ask(origin, 'Is there funding for a training course?');
    const funders = await funderNames(t);
    const named = funders.filter((name) => done.content.includes(`[${name}](/partners/`));
    expect(named.length).toBeGreaterThanOrEqual(2);
    const cited = done.citations.filter((citation) => citation.kind === 'partner');
    expect(cited.length).toBeGreaterThanOrEqual(1);
    for (const citation of cited) {
      expect(citation.href).toBe(`/partners/${citation.knowledgePointId}`);
      expect(done.content).toContain(`[${citation.index}]`);
    }
    // The knowledge base still answers first.
    expect(done.citations[0]?.kind).toBeUndefined();
  });

  it('points a "what should I learn" question to the assessment of that skill and its videos', async () => {
    const done = await ask(origin, 'What should I learn to move into data analysis?');
    const assessment = done.citations.find((citation) => citation.kind === 'assessment');
    expect(assessment).toMatchObject({ slug: 'assessment:data-analytics', href: '/skills' });
    expect(done.content).toContain('[Take the Data and analytics skills assessment](/skills)');
    // Its videos, linked to the player.
    expect(done.content).toMatch(/\[Spreadsheets that answer questions\]\(\/videos\/[0-9a-f-]{36}\)/);
  });

  it('names the partners nearest to a member who gave their location first, with the distance', async () => {
    const { user, cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    // Leeds: West Riding Community Trust is the funder there.
    await t.db
      .insert(profiles)
      .values({ userId: user.id, city: 'Leeds', latitude: 53.7997, longitude: -1.5492 })
      .onConflictDoUpdate({
        target: profiles.userId,
        set: { city: 'Leeds', latitude: 53.7997, longitude: -1.5492 },
      });
    const done = await ask(origin, 'who pays for training courses for adults', cookie);
    const partnersCited = done.citations.filter((citation) => citation.kind === 'partner');
    expect(partnersCited.length).toBeGreaterThanOrEqual(1);
    const lines = done.content.split('\n').filter((line) => line.includes('](/partners/'));
    // Nearest first, each with how far it is.
    const distances = lines.map((line) => Number(/, ([\d.]+) km from you/.exec(line)?.[1]));
    expect(distances.every((km) => Number.isFinite(km))).toBe(true);
    expect(distances).toEqual([...distances].sort((x, y) => x - y));
    expect(lines[0]).toContain('Leeds');
  });

  it('starts a member’s "I failed the assessment" from the concepts they missed, linked to their results', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    // Every answer wrong: each concept served is one the member missed.
    const state = await assess(t, cookie, 'data-analytics', 'wrong');
    const done = await ask(origin, 'I failed the data assessment, what now?', cookie);
    const results = done.citations[0];
    expect(results).toMatchObject({ kind: 'results', index: 1, href: `/skills?attempt=${state.id}` });
    expect(done.content).toMatch(
      /^\[Your latest Data and analytics assessment: \d+ \([A-Za-z]+\), 0 of \d+ right\.\]\(\/skills\?attempt=[0-9a-f-]{36}\) \[1\]/,
    );
    expect(done.content).toMatch(/Start from the concepts you missed most:\n\n1\. \*\*.+\*\*/);
  });

  describe('"what should I learn next?" with no skill named', () => {
    const question = 'What should I learn next?';

    it('points a visitor to the assessments in general, on the public skills page, with why', async () => {
      const done = await ask(origin, question);
      expect(done.citations.filter((citation) => citation.kind)).toEqual([
        expect.objectContaining({ kind: 'assessment', slug: 'assessment:all', href: '/skills-public' }),
      ]);
      expect(done.content).toMatch(
        /\[Take a skills assessment\]\(\/skills-public\): 8 short adaptive assessments \(Communication, .+\) show where you stand in each skill/,
      );
    });

    it('points a member with no result yet to their skills page', async () => {
      const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
      const done = await ask(origin, 'which skills should I work on?', cookie);
      expect(done.citations.filter((citation) => citation.kind)).toEqual([
        expect.objectContaining({ slug: 'assessment:all', href: '/skills' }),
      ]);
    });

    it('starts a member from their weakest latest result, its missed concepts and its videos', async () => {
      const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
      await assess(t, cookie, 'communication', 'right');
      const weakest = await assess(t, cookie, 'data-analytics', 'wrong');
      const done = await ask(origin, question, cookie);
      expect(done.citations[0]).toMatchObject({ kind: 'results', href: `/skills?attempt=${weakest.id}` });
      expect(done.content).toMatch(
        /^\[Your latest Data and analytics assessment: [^\]]+\]\(\/skills\?attempt=[0-9a-f-]{36}\) It is your weakest result, so Data and analytics is the skill to learn next\. \[1\]/,
      );
      expect(done.content).toMatch(/Start from the concepts you missed most:\n\n1\. \*\*.+\*\*/);
      expect(done.citations.find((citation) => citation.kind === 'assessment')).toMatchObject({
        slug: 'assessment:data-analytics',
      });
      expect(done.content).toMatch(
        /\[Take the Data and analytics skills assessment\]\(\/skills\)[^\n]*\/videos\//,
      );
    });

    it('points a member whose results are all strong to a skill they have never assessed', async () => {
      const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
      await assess(t, cookie, 'communication', 'right');
      const done = await ask(origin, 'Any tips on which skill to improve?', cookie);
      expect(done.citations.some((citation) => citation.kind === 'results')).toBe(false);
      expect(done.citations.find((citation) => citation.kind === 'assessment')).toMatchObject({
        slug: 'assessment:leadership',
      });
      expect(done.content).toContain(
        '[Take the Leadership skills assessment](/skills): You have not assessed Leadership yet, and your other results are Proficient or better.',
      );
    });
  });

  it('names no screen for an off-topic question', async () => {
    const done = await ask(origin, 'Give me a recipe for banana bread');
    expect(done.citations).toEqual([]);
    expect(done.content).toMatch(/^I don't have anything on that\./);
  });
});

describe('Vale names the product’s screens, with a model configured', () => {
  let t: TestApp;
  let origin: string;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ({ t, origin } = await seeded({ VALE_BASE_URL: fake.baseURL }));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('hands the model the partners, numbered after the passages, with the screens to link', async () => {
    fake.requests = [];
    const done = await ask(origin, 'Is there funding for a training course?');
    const system = fake.requests.at(-1)!.messages[0]!.content;
    const partner = done.citations.find((citation) => citation.kind === 'partner')!;
    expect(system).toContain(
      `[${partner.index}] ${partner.title} (Uplift's partner screen, ${partner.href})`,
    );
    expect(system).toMatch(/link their screen in Markdown/);
    // The citations the answer carries are the passages the model was given, in its numbering.
    expect(done.citations.map((citation) => citation.index)).toEqual(done.citations.map((_, i) => i + 1));
  });
});
