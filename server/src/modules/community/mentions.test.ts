import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mentionToken,
  type CommunityPost,
  type CommunityThread,
  type MemberNotificationList,
} from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs, testPassword } from '../../../test/accounts.ts';
import { seedCommunity } from '../../seed/community.ts';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedCommunity(t.db);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who?: Caller,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
const member = () => signedInAs(t.app, t.db, 'member-tier-1');
const mention = (who: Caller) => mentionToken(who.user.id, who.user.displayName);

async function post(who: Caller, body: string): Promise<CommunityPost> {
  const response = await call('POST', '/api/community/posts', who, { topicId: 'questions', body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function inbox(who: Caller): Promise<MemberNotificationList> {
  const response = await call('GET', '/api/notifications', who);
  expect(response.statusCode).toBe(200);
  return response.json();
}
async function thread(postId: string, who?: Caller): Promise<CommunityThread> {
  const response = await call('GET', `/api/community/posts/${postId}`, who);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('@mentions', () => {
  it('notifies the member mentioned in a post and answers the mention as a link to them', async () => {
    const [author, ada] = await Promise.all([member(), member()]);
    const written = await post(author, `Thanks ${mention(ada)} for the interview tips!`);
    expect(written.mentions).toEqual([{ id: ada.user.id, name: ada.user.displayName }]);

    const { items } = await inbox(ada);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'community',
      title: `${author.user.displayName} mentioned you in a post`,
      // The excerpt reads as text: the token becomes "@Name".
      body: `Thanks @${ada.user.displayName} for the interview tips!`,
      link: `/community/posts/${written.id}`,
    });
    // Anyone reading the thread, visitors included, gets the same resolved mention.
    expect((await thread(written.id)).post.mentions).toEqual([
      { id: ada.user.id, name: ada.user.displayName },
    ]);
  });

  it('tells a mentioned post author once, not also "commented on your post"', async () => {
    const [author, commenter] = await Promise.all([member(), member()]);
    const mine = await post(author, 'Where do I start with data analysis?');
    const response = await call('POST', `/api/community/posts/${mine.id}/comments`, commenter, {
      body: `${mention(author)} start with spreadsheets.`,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ mentions: [{ id: author.user.id }] });
    const { items } = await inbox(author);
    expect(items.map((item) => item.title)).toEqual([
      `${commenter.user.displayName} mentioned you in a comment`,
    ]);
  });

  it('never notifies the author of their own mention, and a mention repeated notifies once', async () => {
    const [author, ada] = await Promise.all([member(), member()]);
    await post(author, `${mention(author)} and ${mention(ada)}, then ${mention(ada)} again`);
    expect((await inbox(author)).items).toEqual([]);
    expect((await inbox(ada)).items).toHaveLength(1);
  });

  it('leaves a mention of a member who left as plain text, and tells nobody', async () => {
    const [author, gone] = await Promise.all([member(), member()]);
    const before = await post(author, `Ask ${mention(gone)} about it`);
    expect(before.mentions).toHaveLength(1);
    const deleted = await call('DELETE', '/api/account', gone, { password: testPassword });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // Written before they left: no longer a link.
    expect((await thread(before.id, author)).post.mentions).toEqual([]);
    // Written after: no link, and no notification for an account that is not there.
    const after = await post(author, `Still thinking of ${mention(gone)}`);
    expect(after.mentions).toEqual([]);
    const count = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where body like '%Still thinking%'`,
    );
    expect(count.rows[0]?.n).toBe(0);
  });

  it('leaves a mention plain and untold where either member blocked the other', async () => {
    const [author, ada, ben] = await Promise.all([member(), member(), member()]);
    // Ada blocked the author; the author blocked Ben: neither way round may a mention reach.
    expect((await call('PUT', `/api/blocks/${author.user.id}`, ada)).statusCode).toBe(200);
    expect((await call('PUT', `/api/blocks/${ben.user.id}`, author)).statusCode).toBe(200);
    const written = await post(author, `Hello ${mention(ada)} and ${mention(ben)}`);
    expect(written.mentions).toEqual([]);
    expect((await inbox(ada)).items).toEqual([]);
    expect((await inbox(ben)).items).toEqual([]);
    // Lifted, the same writing links again.
    expect((await call('DELETE', `/api/blocks/${author.user.id}`, ada)).statusCode).toBe(200);
    expect((await thread(written.id)).post.mentions).toEqual([
      { id: ada.user.id, name: ada.user.displayName },
    ]);
  });

  it('ignores a mention token naming no real member', async () => {
    const author = await member();
    const written = await post(author, mentionToken(crypto.randomUUID(), 'Nobody'));
    expect(written.mentions).toEqual([]);
  });

  it('suggests from the directory: members-only profiles to members alone, and a limit on asking', async () => {
    const [asker, ada] = await Promise.all([member(), member()]);
    const saved = await call('PATCH', '/api/profile', ada, { headline: 'Data analyst', privacy: 'members' });
    expect(saved.statusCode, saved.body).toBe(200);
    const search = `/api/community/users?q=${encodeURIComponent(ada.user.displayName)}&pageSize=6`;
    const names = async (who?: Caller) =>
      ((await call('GET', search, who)).json() as { items: Array<{ name: string }> }).items.map(
        (m) => m.name,
      );
    expect(await names(asker)).toEqual([ada.user.displayName]);
    expect(await names()).toEqual([]);

    const answers = [];
    for (let i = 0; i < 120; i += 1) answers.push((await call('GET', search, asker)).statusCode);
    expect(answers.filter((code) => code === 429).length).toBeGreaterThan(0);
    expect((await call('GET', search, asker)).json()).toMatchObject({ success: false });
  });
});
