import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPostListSchema, communityThreadSchema, type CommunityPost } from '@uplift/contracts';
import { auditLog, profiles } from '../../db/schema.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedCommunity } from '../../seed/community.ts';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof signedInAs>>;
let alice: Caller;
let bob: Caller;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  await seedCommunity(t.db);
  [alice, bob, admin] = await Promise.all([
    signedInAs(t.app, t.db, 'member-tier-1'),
    signedInAs(t.app, t.db, 'member-tier-2'),
    signedInAs(t.app, t.db, 'admin'),
  ]);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  who?: Caller,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
  });

async function post(who: Caller, body: string, topicId = 'questions'): Promise<CommunityPost> {
  const response = await call('POST', '/api/community/posts', who, { topicId, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const feed = async (query = '', who?: Caller) =>
  communityPostListSchema.parse((await call('GET', `/api/community/posts${query}`, who)).json());

describe('community feed', () => {
  it('lets anyone read and only members write; the topic must exist and the body is bounded', async () => {
    expect(
      (await call('GET', '/api/community/topics')).json().items.map((x: { id: string }) => x.id),
    ).toEqual(['introductions', 'career-moves', 'learning', 'funding', 'wins', 'questions']);
    expect(
      (await call('POST', '/api/community/posts', undefined, { topicId: 'wins', body: 'hi' })).statusCode,
    ).toBe(401);
    const unknown = await call('POST', '/api/community/posts', alice, { topicId: 'nope', body: 'hi' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/Unknown topic/);
    const long = await call('POST', '/api/community/posts', alice, {
      topicId: 'wins',
      body: 'x'.repeat(5_001),
    });
    expect(long.statusCode).toBe(400);

    const created = await post(alice, 'Hello **world**', 'wins');
    expect(created).toMatchObject({
      body: 'Hello **world**',
      mine: true,
      commentCount: 0,
      author: { id: alice.user.id },
    });
    const anonymous = await feed('?topic=wins');
    expect(anonymous.items.map((p) => p.id)).toContain(created.id);
    expect(anonymous.items.find((p) => p.id === created.id)?.mine).toBe(false);
  });

  it('checks ownership on every write: only the author edits; the author or an admin deletes', async () => {
    const mine = await post(alice, 'Original text');
    expect(
      (await call('PATCH', `/api/community/posts/${mine.id}`, bob, { body: 'hijacked' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/community/posts/${mine.id}`, bob)).statusCode).toBe(403);
    const edited = await call('PATCH', `/api/community/posts/${mine.id}`, alice, { body: 'Edited text' });
    expect(edited.json()).toMatchObject({ body: 'Edited text', editedAt: expect.any(String) });

    const comment = (
      await call('POST', `/api/community/posts/${mine.id}/comments`, bob, { body: 'A reply' })
    ).json();
    expect(
      (await call('PATCH', `/api/community/comments/${comment.id}`, alice, { body: 'no' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/community/posts/${mine.id}`, admin)).statusCode).toBe(200);

    // Gone from the feed; the thread stays readable with the text removed.
    expect((await feed()).items.map((p) => p.id)).not.toContain(mine.id);
    const thread = communityThreadSchema.parse((await call('GET', `/api/community/posts/${mine.id}`)).json());
    expect(thread.post).toMatchObject({ deleted: true, body: '' });
    expect(thread.comments.map((c) => c.body)).toEqual(['A reply']);
    expect(
      (await call('POST', `/api/community/posts/${mine.id}/comments`, bob, { body: 'late' })).statusCode,
    ).toBe(404);
  });

  it('keeps replies one level deep', async () => {
    const root = await post(alice, 'Thread root');
    const top = (await call('POST', `/api/community/posts/${root.id}/comments`, bob, { body: 'top' })).json();
    const reply = await call('POST', `/api/community/posts/${root.id}/comments`, alice, {
      body: 'reply',
      parentId: top.id,
    });
    expect(reply.statusCode).toBe(201);
    const deeper = await call('POST', `/api/community/posts/${root.id}/comments`, bob, {
      body: 'too deep',
      parentId: reply.json().id,
    });
    expect(deeper.statusCode).toBe(400);
  });

  it('pages by cursor without repeating or skipping while others post', async () => {
    const topic = 'learning';
    for (let i = 0; i < 7; i += 1) await post(bob, `paging post ${i}`, topic);
    const first = await feed(`?topic=${topic}&limit=3`);
    // New posts arrive while the reader is on page one: they must not shift the next pages.
    await Promise.all([post(alice, 'arrived meanwhile 1', topic), post(admin, 'arrived meanwhile 2', topic)]);
    const seen = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await feed(`?topic=${topic}&limit=3&cursor=${cursor}`);
      expect(page.pinned).toEqual([]);
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    const bodies = seen.map((p) => p.body);
    expect(bodies).toEqual(Array.from({ length: 7 }, (_, i) => `paging post ${6 - i}`));
    expect((await feed(`?topic=${topic}&limit=3`)).items[0]?.body).toMatch(/arrived meanwhile/);
  });

  it('puts pinned posts on top of the first page; only admins pin', async () => {
    const notice = await post(bob, 'Pin me please', 'funding');
    expect(
      (await call('PUT', `/api/community/posts/${notice.id}/pin`, bob, { pinned: true })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/community/posts/${notice.id}/pin`, admin, { pinned: true })).json().pinned,
    ).toBe(true);
    await post(alice, 'newer than the pinned one', 'funding');
    const page = await feed('?topic=funding');
    expect(page.pinned.map((p) => p.id)).toEqual([notice.id]);
    expect(page.items.map((p) => p.id)).not.toContain(notice.id);
  });

  it('audits pin and unpin: who, what, and the pin time before and after', async () => {
    // Its own author: the posting rate limit counts per member, and other tests post as bob.
    const author = await signedInAs(t.app, t.db, 'member-tier-1');
    const notice = await post(author, 'Pin me for a week', 'funding');
    expect(
      (await call('PUT', `/api/community/posts/${notice.id}/pin`, admin, { pinned: true })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/community/posts/${notice.id}/pin`, admin, { pinned: false })).statusCode,
    ).toBe(200);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, notice.id))
      .orderBy(auditLog.createdAt);
    expect(audited).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        actorName: admin.user.displayName,
        action: 'post.pin',
        subjectType: 'post',
        subjectLabel: 'Pin me for a week',
        before: { pinnedAt: null },
        after: { pinnedAt: expect.stringMatching(/^\d{4}-/) },
      }),
      expect.objectContaining({
        action: 'post.unpin',
        before: audited[0]?.after,
        after: { pinnedAt: null },
      }),
    ]);
  });

  it('searches posts and comments', async () => {
    const byBody = await post(alice, 'Looking for advice on negotiating a salary');
    const byComment = await post(bob, 'Question about interviews');
    await call('POST', `/api/community/posts/${byComment.id}/comments`, alice, {
      body: 'Practise salary negotiation out loud',
    });
    const found = await feed('?q=salary');
    expect(found.items.map((p) => p.id).sort()).toEqual([byBody.id, byComment.id].sort());
    expect((await feed('?q=zzzunmatched')).items).toEqual([]);
  });

  it('counts reactions per kind; PUT and DELETE are idempotent', async () => {
    const target = await post(alice, 'React to me');
    const url = `/api/community/posts/${target.id}/reactions`;
    await call('PUT', `${url}/like`, bob);
    const twice = await call('PUT', `${url}/like`, bob);
    expect(twice.json()).toMatchObject({ reactions: { like: 1, celebrate: 0 }, myReactions: ['like'] });
    const mixed = await call('PUT', `${url}/celebrate`, alice);
    expect(mixed.json()).toMatchObject({ reactions: { like: 1, celebrate: 1 }, myReactions: ['celebrate'] });
    expect((await call('PUT', `${url}/angry`, bob)).statusCode).toBe(400);
    await call('DELETE', `${url}/like`, bob);
    const after = await call('DELETE', `${url}/like`, bob);
    expect(after.json()).toMatchObject({ reactions: { like: 0, celebrate: 1 }, myReactions: [] });
  });

  it('applies a replayed create once (Idempotency-Key)', async () => {
    const key = { 'idempotency-key': 'offline-post-0001' };
    const payload = { topicId: 'wins', body: 'Written offline, sent twice' };
    const first = await call('POST', '/api/community/posts', alice, payload, key);
    const again = await call('POST', '/api/community/posts', alice, payload, key);
    expect(again.json().id).toBe(first.json().id);
    const matching = (await feed('?topic=wins')).items.filter((p) => p.body === payload.body);
    expect(matching).toHaveLength(1);
  });

  it('rate limits posting per member with a clear 429', async () => {
    const poster = await signedInAs(t.app, t.db, 'member-tier-1');
    for (let i = 0; i < 10; i += 1) await post(poster, `burst ${i}`);
    const refused = await call('POST', '/api/community/posts', poster, {
      topicId: 'wins',
      body: 'one too many',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/wait \d+ seconds/),
    });
    // Another member is not affected.
    await post(bob, 'not limited');
  });
});

describe('reports and moderation', () => {
  it('queues reports once per member, hides for everyone but the author, restores, dismisses, audits', async () => {
    // Fresh members: the feed tests above used up the others' hourly posting allowance.
    const [bob, alice] = await Promise.all([
      signedInAs(t.app, t.db, 'member-tier-1'),
      signedInAs(t.app, t.db, 'member-tier-1'),
    ]);
    const offending = await post(bob, 'Buy cheap followers now');
    const comment = (
      await call('POST', `/api/community/posts/${offending.id}/comments`, bob, { body: 'spam too' })
    ).json();
    const report = { postId: offending.id, reason: 'spam' };
    expect((await call('POST', '/api/community/reports', alice, report)).json()).toEqual({ reported: true });
    expect((await call('POST', '/api/community/reports', alice, report)).statusCode).toBe(200);
    await call('POST', '/api/community/reports', alice, { ...report, commentId: comment.id, note: 'same' });
    expect((await call('GET', '/api/admin/moderation', bob)).statusCode).toBe(403);

    const queue = (await call('GET', '/api/admin/moderation', admin)).json().items;
    const postItem = queue.find(
      (i: { postId: string; commentId: null }) => i.postId === offending.id && !i.commentId,
    );
    expect(postItem.reports).toHaveLength(1);
    expect(postItem.body).toBe('Buy cheap followers now');

    const hide = { postId: offending.id, decision: 'hide' };
    expect((await call('POST', '/api/admin/moderation/decisions', admin, hide)).statusCode).toBe(200);
    expect((await call('GET', `/api/community/posts/${offending.id}`, alice)).statusCode).toBe(404);
    expect((await call('GET', `/api/community/posts/${offending.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/community/posts/${offending.id}`, bob)).json().post.hidden).toBe(true);
    expect((await feed('', alice)).items.map((p) => p.id)).not.toContain(offending.id);

    await call('POST', '/api/admin/moderation/decisions', admin, { ...hide, decision: 'restore' });
    expect((await call('GET', `/api/community/posts/${offending.id}`, alice)).statusCode).toBe(200);
    await call('POST', '/api/admin/moderation/decisions', admin, {
      postId: offending.id,
      commentId: comment.id,
      decision: 'dismiss',
    });
    const left = (await call('GET', '/api/admin/moderation', admin)).json().items;
    expect(left.filter((i: { postId: string }) => i.postId === offending.id)).toEqual([]);

    const audited = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, offending.id));
    expect(audited.map((row) => row.action).sort()).toEqual(['post.hide', 'post.restore']);
  });
});

describe('member directory', () => {
  it('lists by privacy for each caller kind and filters by skill, industry and name', async () => {
    const everyone = await signedInAs(t.app, t.db, 'member-tier-1');
    const members = await signedInAs(t.app, t.db, 'member-tier-1');
    const hidden = await signedInAs(t.app, t.db, 'member-tier-1');
    await t.db.insert(profiles).values([
      {
        userId: everyone.user.id,
        headline: 'Welder turned inspector',
        industry: 'manufacturing',
        skills: ['communication'],
        privacy: 'everyone',
        city: 'Leeds',
        latitude: 53.8,
        longitude: -1.55,
      },
      {
        userId: members.user.id,
        headline: 'Nurse learning data',
        industry: 'healthcare',
        skills: ['digital-literacy'],
        privacy: 'members',
        city: 'Manchester',
        latitude: 53.48,
        longitude: -2.24,
      },
      {
        userId: hidden.user.id,
        headline: 'Private person',
        industry: 'healthcare',
        skills: ['digital-literacy'],
        privacy: 'only-me',
      },
    ]);
    const ids = async (query: string, who?: Caller) =>
      (await call('GET', `/api/community/users${query}`, who)).json().items.map((m: { id: string }) => m.id);

    expect(await ids('')).toEqual([everyone.user.id]);
    const signedIn = await ids('', alice);
    expect(signedIn).toEqual(expect.arrayContaining([everyone.user.id, members.user.id]));
    expect(signedIn).not.toContain(hidden.user.id);
    expect(await ids('?industry=healthcare', alice)).toEqual([members.user.id]);
    expect(await ids('?skill=communication', alice)).toEqual([everyone.user.id]);
    expect(await ids('?q=welder', alice)).toEqual([everyone.user.id]);
    expect(await ids('?city=leeds', alice)).toEqual([everyone.user.id]);
    // Near me: within reach, nearest first, with the distance; too far away, not at all.
    const nearLeeds = (await call('GET', '/api/community/users?near=53.79,-1.54', alice)).json().items;
    expect(nearLeeds.map((m: { id: string }) => m.id).slice(0, 2)).toEqual([
      everyone.user.id,
      members.user.id,
    ]);
    expect(nearLeeds[0].distanceKm).toBeLessThan(2);
    expect(await ids('?near=51.5,-0.12', alice)).not.toContain(everyone.user.id);
    expect((await call('GET', '/api/community/users?near=999,0')).statusCode).toBe(400);
    expect((await call('GET', '/api/community/users?skill=juggling')).statusCode).toBe(400);
  });
});
