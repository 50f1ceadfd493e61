import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  auditLogPageSchema,
  communityFlagRules,
  communityThreadSchema,
  moderationQueueSchema,
} from '@uplift/contracts';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedCommunity } from '../../seed/community.ts';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof signedInAs>>;
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  await seedCommunity(t.db);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const call = (method: 'GET' | 'POST', url: string, who?: Caller, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

async function post(who: Caller, body: string): Promise<string> {
  const created = await call('POST', '/api/community/posts', who, { topicId: 'questions', body });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as { id: string }).id;
}

/** A member whose account is `ageDays` old on the test's clock, with a post of their own when `active`. */
async function memberAged(ageDays: number, active = true): Promise<Caller> {
  const who = await signedInAs(t.app, t.db, 'member-tier-1');
  await t.db.execute(
    sql`update users set created_at = ${new Date(Date.now() - ageDays * day)} where id = ${who.user.id}`,
  );
  if (active) await post(who, `Hello, I am ${who.user.displayName}`);
  return who;
}

async function flag(who: Caller, postId: string) {
  const reported = await call('POST', '/api/community/reports', who, { postId, reason: 'spam' });
  expect(reported.statusCode, reported.body).toBe(200);
}

const anonymousSees = async (postId: string) =>
  (await call('GET', `/api/community/posts/${postId}`)).statusCode === 200;

describe('flags that act before an admin does (decision 0099)', () => {
  it(`${communityFlagRules.hideAtFlags} members with standing hide a post pending review; the author is told; an admin restores it`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const admin = await signedInAs(t.app, t.db, 'admin');
    const author = await memberAged(30);
    const flaggers = await Promise.all([memberAged(8), memberAged(20), memberAged(400)]);
    const postId = await post(author, 'Click here for a free certificate');

    for (const flagger of flaggers.slice(0, -1)) await flag(flagger, postId);
    expect(await anonymousSees(postId)).toBe(true);
    await flag(flaggers.at(-1)!, postId);

    // Gone for everyone else, the flaggers included.
    expect(await anonymousSees(postId)).toBe(false);
    expect((await call('GET', `/api/community/posts/${postId}`, flaggers[0])).statusCode).toBe(404);
    const feed = (await call('GET', '/api/community/posts?limit=50')).json() as { items: { id: string }[] };
    expect(feed.items.map((item) => item.id)).not.toContain(postId);
    // Its author still sees it, marked as waiting for a review.
    const own = communityThreadSchema.parse(
      (await call('GET', `/api/community/posts/${postId}`, author)).json(),
    );
    expect(own.post).toMatchObject({ hidden: true, pendingReview: true });
    const inbox = (await call('GET', '/api/notifications', author)).json() as {
      items: { title: string; link: string | null }[];
    };
    expect(inbox.items).toContainEqual(
      expect.objectContaining({
        title: 'Your post is hidden pending review',
        link: `/community/posts/${postId}`,
      }),
    );

    const queue = moderationQueueSchema.parse((await call('GET', '/api/admin/moderation', admin)).json());
    expect(queue.items.find((item) => item.postId === postId)).toMatchObject({
      hidden: true,
      pendingReview: true,
    });
    const restored = await call('POST', '/api/admin/moderation/decisions', admin, {
      postId,
      decision: 'restore',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await anonymousSees(postId)).toBe(true);
    const after = communityThreadSchema.parse(
      (await call('GET', `/api/community/posts/${postId}`, author)).json(),
    );
    expect(after.post).toMatchObject({ hidden: false, pendingReview: false });

    const audit = auditLogPageSchema.parse(
      (await call('GET', `/api/admin/audit-log?subjectId=${postId}`, admin)).json(),
    ).items;
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual(
      expect.arrayContaining([
        ['post.flag-hide', null],
        ['post.restore', admin.user.id],
      ]),
    );
    // The restore closed those flags: the same members cannot hide it again.
    for (const flagger of flaggers) await flag(flagger, postId);
    expect(await anonymousSees(postId)).toBe(true);
  });

  it('counts only distinct members with standing: old enough, with activity, and not the author', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const author = await memberAged(30);
    const postId = await post(author, 'An opinion some dislike');
    const veteran = await memberAged(30);
    const newcomer = await memberAged(6);
    const silent = await memberAged(30, false);

    await flag(veteran, postId);
    await flag(veteran, postId);
    await flag(author, postId);
    await flag(newcomer, postId);
    await flag(silent, postId);
    // Five flags, but one member with standing: nothing happens.
    expect(await anonymousSees(postId)).toBe(true);

    // Two days on the newcomer's account is eight days old; their flag counts from the next one.
    vi.setSystemTime(Date.now() + 2 * day);
    await flag(await memberAged(10), postId);
    expect(await anonymousSees(postId)).toBe(false);
  });

  it('a completed assessment is activity; a hidden post of one’s own is not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const author = await memberAged(30);
    const postId = await post(author, 'Another contested view');
    const [first, second] = await Promise.all([memberAged(30), memberAged(30)]);
    await flag(first, postId);
    await flag(second, postId);

    const assessed = await memberAged(30, false);
    const hiddenOnly = await memberAged(30, false);
    const hiddenPost = await post(hiddenOnly, 'Something a moderator took down');
    await t.db.execute(sql`update community_posts set hidden_at = now() where id = ${hiddenPost}`);
    await flag(hiddenOnly, postId);
    expect(await anonymousSees(postId)).toBe(true);

    const attempt = await t.db.execute<{ id: string }>(sql`
      insert into skill_attempts (user_id, skills, status)
      values (${assessed.user.id}, array['communication'], 'completed') returning id`);
    await t.db.execute(sql`
      insert into skill_results (attempt_id, user_id, skill, theta, standard_error, score, items_answered,
        correct_count, completed_at)
      values (${attempt.rows[0]!.id}, ${assessed.user.id}, 'communication', 0, 0.3, 50, 10, 5, ${new Date()})`);
    await flag(assessed, postId);
    expect(await anonymousSees(postId)).toBe(false);
  });
});
