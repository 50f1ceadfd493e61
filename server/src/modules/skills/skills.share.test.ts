import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountExportSchema,
  apiErrorSchema,
  assessmentStateSchema,
  sharedResultImagePath,
  sharedSkillResultSchema,
  skillResultsResponseSchema,
  skillShareSchema,
  skillSharesResponseSchema,
  type AssessmentState,
} from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs, testPassword } from '../../../test/accounts.ts';
import { seedSkillItems } from './item-bank.ts';
import { sharedResultDate } from './shared-result.ts';

/** Issue 45.9: a result the member publishes, sees by link signed out, and takes back. */
describe('shared skill results', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedSkillItems(t.db);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });

  /** Completes an assessment of `skill`, always choosing the first option. */
  async function assess(cookie: string, skill: string) {
    const started = await send('POST', '/api/skills/assessments', cookie, { skills: [skill] });
    expect(started.statusCode, started.body).toBe(201);
    let state: AssessmentState = assessmentStateSchema.parse(started.json());
    while (state.item) {
      const answered = await send('POST', `/api/skills/assessments/${state.id}/answers`, cookie, {
        itemId: state.item.id,
        choice: 0,
      });
      state = assessmentStateSchema.parse(answered.json());
    }
    const results = skillResultsResponseSchema.parse(
      (await send('GET', '/api/skills/results', cookie)).json(),
    );
    return results.latest.find((result) => result.skill === skill)!;
  }

  async function share(cookie: string, skill: string) {
    const response = await send('POST', '/api/skills/shares', cookie, { skill });
    expect(response.statusCode, response.body).toBe(201);
    return skillShareSchema.parse(response.json());
  }

  it('shows anyone with the link the skill, level, band and date, and nothing about the member', async () => {
    const { cookie, user } = await signedInAs(t.app, t.db, 'member-tier-2');
    const refused = await send('POST', '/api/skills/shares', cookie, { skill: 'leadership' });
    expect(refused.statusCode).toBe(409);
    expect(apiErrorSchema.parse(refused.json()).error.message).toBe(
      'You have no Leadership result to share yet.',
    );

    const result = await assess(cookie, 'leadership');
    const shared = await share(cookie, 'leadership');
    expect(shared.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(shared.path).toBe(`/skills/shared/${shared.id}`);
    expect(shared.completedAt).toBe(result.completedAt);
    const listed = skillSharesResponseSchema.parse((await send('GET', '/api/skills/shares', cookie)).json());
    expect(listed.shares).toEqual([shared]);

    // Signed out: exactly the skill, level, band and date.
    const seen = await send('GET', `/api/skills/shared/${shared.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('no-cache');
    expect(seen.json()).toEqual({
      skill: 'leadership',
      level: result.level,
      bandLow: result.bandLow,
      bandHigh: result.bandHigh,
      completedAt: result.completedAt,
    });
    sharedSkillResultSchema.parse(seen.json());

    // The page carries its Open Graph head, and nothing that names the member.
    const page = await send('GET', shared.path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const head = page.body;
    const imageUrl = `http://localhost:80${sharedResultImagePath(shared.id)}`;
    expect(head).toContain(`<meta property="og:image" content="${imageUrl}" />`);
    expect(head).toContain('<meta property="og:image:width" content="1200" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const level = {
      novice: 'Novice',
      emerging: 'Emerging',
      proficient: 'Proficient',
      advanced: 'Advanced',
      expert: 'Expert',
    }[result.level];
    expect(head).toContain(`<meta property="og:title" content="Leadership: ${level} · Uplift" />`);
    expect(head).toContain(`<title>Leadership: ${level} · Uplift</title>`);
    expect(head).toContain(
      `score band ${result.bandLow}–${result.bandHigh} (of 300), assessed ${sharedResultDate(result.completedAt)}.`,
    );
    for (const body of [seen.body, head]) {
      expect(body).not.toContain(user.displayName);
      expect(body).not.toContain(user.email);
      expect(body).not.toContain(user.id);
      expect(body).not.toContain(`"score"`);
    }

    // The image: a 1200 × 630 PNG drawn by the server.
    const image = await send('GET', sharedResultImagePath(shared.id));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=300');
    const png = image.rawPayload;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('lets only the owner stop sharing; a stopped or never-published share answers 404', async () => {
    const owner = await signedInAs(t.app, t.db, 'member-tier-1');
    const other = await signedInAs(t.app, t.db, 'member-tier-1');
    await assess(owner.cookie, 'communication');
    const shared = await share(owner.cookie, 'communication');
    // Sharing the same skill again keeps the one page and its link.
    expect((await share(owner.cookie, 'communication')).id).toBe(shared.id);

    expect((await send('DELETE', `/api/skills/shares/${shared.id}`)).statusCode).toBe(401);
    const notTheirs = await send('DELETE', `/api/skills/shares/${shared.id}`, other.cookie);
    expect(notTheirs.statusCode).toBe(404);
    expect((await send('GET', `/api/skills/shared/${shared.id}`)).statusCode).toBe(200);

    const stopped = await send('DELETE', `/api/skills/shares/${shared.id}`, owner.cookie);
    expect(stopped.statusCode).toBe(200);
    for (const url of [`/api/skills/shared/${shared.id}`, sharedResultImagePath(shared.id)]) {
      const gone = await send('GET', url);
      expect(gone.statusCode, url).toBe(404);
      expect(apiErrorSchema.parse(gone.json()).error.code).toBe('NOT_FOUND');
    }
    const page = await send('GET', shared.path);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('og:image');
    expect(
      skillSharesResponseSchema.parse((await send('GET', '/api/skills/shares', owner.cookie)).json()).shares,
    ).toEqual([]);
    expect((await send('DELETE', `/api/skills/shares/${shared.id}`, owner.cookie)).statusCode).toBe(404);

    // Never published, or not an id at all: the same 404.
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-a-share', 'a%20b']) {
      expect((await send('GET', `/api/skills/shared/${id}`)).statusCode, id).toBe(404);
      expect((await send('GET', `/skills/shared/${id}`)).statusCode, id).toBe(404);
    }

    // Shared again after stopping: a new link; the old one stays dead.
    const again = await share(owner.cookie, 'communication');
    expect(again.id).not.toBe(shared.id);
    expect((await send('GET', `/api/skills/shared/${again.id}`)).statusCode).toBe(200);
    expect((await send('GET', `/api/skills/shared/${shared.id}`)).statusCode).toBe(404);
  });

  it('is in the data export, and goes with the account', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    await assess(cookie, 'customer-focus');
    const shared = await share(cookie, 'customer-focus');
    const exported = accountExportSchema.parse((await send('GET', '/api/account/export', cookie)).json());
    expect(exported.skillShares).toEqual([
      expect.objectContaining({ skill: 'customer-focus', path: shared.path, sharedAt: shared.sharedAt }),
    ]);
    const deleted = await send('DELETE', '/api/account', cookie, { password: testPassword });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await send('GET', `/api/skills/shared/${shared.id}`)).statusCode).toBe(404);
  });
});
