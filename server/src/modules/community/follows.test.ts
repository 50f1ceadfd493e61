import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CommunityBookmarkList,
  CommunityPost,
  CommunityPostStanding,
  MemberNotificationList,
} from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { seedCommunity } from '../../seed/community.ts';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedCommunity(t.db);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: Caller, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
const member = () => signedInAs(t.app, t.db, 'member-tier-1');

async function post(who: Caller, body = 'How do I prepare for a panel interview?'): Promise<CommunityPost> {
  const response = await call('POST', '/api/community/posts', who, { topicId: 'questions', body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function comment(who: Caller, postId: string, body: string) {
  const response = await call('POST', `/api/community/posts/${postId}/comments`, who, { body });
  expect(response.statusCode, response.body).toBe(201);
}
async function titles(who: Caller): Promise<string[]> {
  const response = await call('GET', '/api/notifications', who);
  expect(response.statusCode).toBe(200);
  return (response.json() as MemberNotificationList).items.map((item) => item.title);
}
async function standing(who: Caller, postId: string): Promise<CommunityPostStanding> {
  const response = await call('GET', `/api/community/posts/${postId}/standing`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('following a post', () => {
  it('follows automatically on posting and commenting; replies notify followers but not the replier', async () => {
    const [author, first, second, reader] = await Promise.all([member(), member(), member(), member()]);
    const mine = await post(author);
    expect(await standing(author, mine.id)).toMatchObject({ following: true });
    expect(await standing(reader, mine.id)).toMatchObject({ following: false });

    await comment(first, mine.id, 'Practise with a friend.');
    expect(await standing(first, mine.id)).toMatchObject({ following: true });
    await comment(second, mine.id, 'Prepare one question for each panellist.');

    expect(await titles(author)).toEqual([
      `${second.user.displayName} commented on your post`,
      `${first.user.displayName} commented on your post`,
    ]);
    // The first commenter now follows: told of the second comment, never of their own.
    expect(await titles(first)).toEqual([`${second.user.displayName} commented on a post you follow`]);
    expect(await titles(second)).toEqual([]);
    expect(await titles(reader)).toEqual([]);
  });

  it('lets anyone follow by choice, and unfollowing stops the notices, the author included', async () => {
    const [author, reader, commenter] = await Promise.all([member(), member(), member()]);
    const mine = await post(author);
    const followed = await call('PUT', `/api/community/posts/${mine.id}/follow`, reader);
    expect(followed.json()).toEqual({ following: true });
    await comment(commenter, mine.id, 'One');
    expect(await titles(reader)).toHaveLength(1);

    for (const who of [reader, author]) {
      const response = await call('DELETE', `/api/community/posts/${mine.id}/follow`, who);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ following: false });
      expect(await standing(who, mine.id)).toMatchObject({ following: false });
    }
    await comment(commenter, mine.id, 'Two');
    expect(await titles(reader)).toHaveLength(1);
    expect(await titles(author)).toHaveLength(1);
  });

  it("counts a post's author as following a post written before follows existed", async () => {
    const [author, commenter] = await Promise.all([member(), member()]);
    const old = await post(author);
    await t.db.execute(sql`delete from community_post_follows where post_id = ${old.id}`);
    expect(await standing(author, old.id)).toMatchObject({ following: true });
    await comment(commenter, old.id, 'Still useful');
    expect(await titles(author)).toEqual([`${commenter.user.displayName} commented on your post`]);
  });

  it('refuses visitors and unknown posts with the error shape', async () => {
    const author = await member();
    const mine = await post(author);
    const visitor = await call('PUT', `/api/community/posts/${mine.id}/follow`);
    expect(visitor.statusCode).toBe(401);
    const unknown = await call('PUT', `/api/community/posts/${crypto.randomUUID()}/follow`, author);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, error: { message: 'No post with that id.' } });
  });
});

describe('bookmarks', () => {
  it("saves posts privately: each member's Saved list holds only their own, newest saved first", async () => {
    const [author, ada, bo] = await Promise.all([member(), member(), member()]);
    const first = await post(author, 'First tip');
    const second = await post(author, 'Second tip');
    for (const id of [first.id, second.id]) {
      const saved = await call('PUT', `/api/community/posts/${id}/bookmark`, ada);
      expect(saved.json()).toEqual({ bookmarked: true });
    }
    // Saving again keeps its place.
    await call('PUT', `/api/community/posts/${first.id}/bookmark`, ada);

    const list = async (who: Caller) => {
      const response = await call('GET', '/api/community/bookmarks', who);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as CommunityBookmarkList).items.map((item) => item.body);
    };
    expect(await list(ada)).toEqual(['Second tip', 'First tip']);
    expect(await list(bo)).toEqual([]);
    expect(await standing(ada, first.id)).toMatchObject({ bookmarked: true });
    expect(await standing(bo, first.id)).toMatchObject({ bookmarked: false });
    expect((await call('GET', '/api/community/bookmarks')).statusCode).toBe(401);

    await call('DELETE', `/api/community/posts/${second.id}/bookmark`, ada);
    expect(await list(ada)).toEqual(['First tip']);
    // A post deleted since leaves the list.
    await call('DELETE', `/api/community/posts/${first.id}`, author);
    expect(await list(ada)).toEqual([]);
  });
});
