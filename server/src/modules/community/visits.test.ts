import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunityPost, CommunityPostStanding, CommunityUnread } from '@uplift/contracts';
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

async function post(who: Caller, body: string): Promise<CommunityPost> {
  const response = await call('POST', '/api/community/posts', who, { topicId: 'questions', body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function unread(who: Caller): Promise<CommunityUnread> {
  const response = await call('GET', '/api/community/unread', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function visit(who: Caller) {
  expect((await call('PUT', '/api/community/visit', who)).statusCode).toBe(200);
}

describe('new since the last visit', () => {
  it('counts posts by others since the last visit; a first visit marks nothing new', async () => {
    const [reader, writer] = await Promise.all([member(), member()]);
    expect(await unread(reader)).toEqual({ since: null, newPosts: 0 });
    await visit(reader);
    const { since } = await unread(reader);
    expect(since).not.toBeNull();

    await post(writer, 'Landed an apprenticeship!');
    const second = await post(writer, 'And a mentor');
    // The reader's own post is never news to them.
    await post(reader, 'Congratulations');
    expect(await unread(reader)).toEqual({ since, newPosts: 2 });

    // A post deleted since is no longer counted.
    await call('DELETE', `/api/community/posts/${second.id}`, writer);
    expect((await unread(reader)).newPosts).toBe(1);

    await visit(reader);
    const after = await unread(reader);
    expect(after.newPosts).toBe(0);
    expect(Date.parse(after.since ?? '')).toBeGreaterThan(Date.parse(since ?? ''));
    expect((await call('GET', '/api/community/unread')).statusCode).toBe(401);
  });

  it('keeps when a member last read a thread, so later comments by others are unread', async () => {
    const [author, reader] = await Promise.all([member(), member()]);
    const mine = await post(author, 'Which course next?');
    const standing = async (): Promise<CommunityPostStanding> =>
      (await call('GET', `/api/community/posts/${mine.id}/standing`, reader)).json();
    expect((await standing()).lastReadAt).toBeNull();

    expect((await call('PUT', `/api/community/posts/${mine.id}/read`, reader)).statusCode).toBe(200);
    const { lastReadAt } = await standing();
    expect(lastReadAt).not.toBeNull();
    const commented = await call('POST', `/api/community/posts/${mine.id}/comments`, author, {
      body: 'Any ideas?',
    });
    expect(Date.parse(commented.json<{ createdAt: string }>().createdAt)).toBeGreaterThan(
      Date.parse(lastReadAt ?? ''),
    );
    expect((await call('PUT', `/api/community/posts/${crypto.randomUUID()}/read`, reader)).statusCode).toBe(
      404,
    );
  });
});
