import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberActivityPageSchema } from '@uplift/contracts';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
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

async function send(method: 'POST' | 'PATCH' | 'DELETE', url: string, who: Caller, payload?: object) {
  const response = await call(method, url, who, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as { id: string };
}

const post = (who: Caller, body: string) =>
  send('POST', '/api/community/posts', who, { topicId: 'questions', body });
const comment = (who: Caller, postId: string, body: string) =>
  send('POST', `/api/community/posts/${postId}/comments`, who, { body });

/** Every page of the member's activity as `who` sees it, `limit` at a time: the excerpts in order. */
async function allActivity(memberId: string, who?: Caller, limit = 2) {
  const excerpts: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await call('GET', `/api/community/members/${memberId}/activity?${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    const page = memberActivityPageSchema.parse(response.json());
    excerpts.push(...page.items.map((item) => `${item.kind}: ${item.excerpt}`));
    cursor = page.nextCursor;
  } while (cursor);
  return excerpts;
}

describe("a member's activity (issue 45.5)", () => {
  it('lists their posts and comments newest first, paged, without what the viewer may not see', async () => {
    const [ada, bo, admin] = await Promise.all([
      signedInAs(t.app, t.db, 'member-tier-1'),
      signedInAs(t.app, t.db, 'member-tier-1'),
      signedInAs(t.app, t.db, 'admin'),
    ]);
    const first = await post(ada, 'My **first** post');
    await comment(ada, first.id, 'Answering myself');
    const bosPost = await post(bo, 'Bo asks something');
    await comment(ada, bosPost.id, 'Ada answers Bo');
    const gone = await post(ada, 'Deleted later');
    await send('DELETE', `/api/community/posts/${gone.id}`, ada);
    const hidden = await post(ada, 'Taken down');
    await send('POST', '/api/admin/moderation/decisions', admin, { postId: hidden.id, decision: 'hide' });
    const bosHidden = await post(bo, 'Bo’s post a moderator hides');
    await comment(ada, bosHidden.id, 'Ada on a hidden post');
    await send('POST', '/api/admin/moderation/decisions', admin, { postId: bosHidden.id, decision: 'hide' });
    await post(ada, 'Latest post');

    const shown = [
      'post: Latest post',
      'comment: Ada answers Bo',
      'comment: Answering myself',
      'post: My first post',
    ];
    expect(await allActivity(ada.user.id)).toEqual(shown);
    expect(await allActivity(ada.user.id, await signedInAs(t.app, t.db, 'member-tier-1'))).toEqual(shown);
    // Bo may see his own hidden post, so Ada's comment on it too.
    expect(await allActivity(ada.user.id, bo)).toEqual([
      'post: Latest post',
      'comment: Ada on a hidden post',
      ...shown.slice(1),
    ]);
    // Her own hidden post she still sees; her comment on Bo's hidden post is for Bo and the admins.
    expect(await allActivity(ada.user.id, ada, 3)).toEqual([
      'post: Latest post',
      'post: Taken down',
      ...shown.slice(1),
    ]);
    expect(await allActivity(ada.user.id, admin, 50)).toEqual([
      'post: Latest post',
      'comment: Ada on a hidden post',
      'post: Taken down',
      ...shown.slice(1),
    ]);
  });

  it('keeps all of it from a member on the other side of a block, either way round; admins still see it', async () => {
    const [ada, ben, cy, admin] = await Promise.all([
      signedInAs(t.app, t.db, 'member-tier-1'),
      signedInAs(t.app, t.db, 'member-tier-1'),
      signedInAs(t.app, t.db, 'member-tier-1'),
      signedInAs(t.app, t.db, 'admin'),
    ]);
    await post(ada, 'Blocked readers see none of this');
    expect((await call('PUT', `/api/blocks/${ben.user.id}`, ada)).statusCode).toBe(200);
    expect((await call('PUT', `/api/blocks/${ada.user.id}`, cy)).statusCode).toBe(200);
    const shown = ['post: Blocked readers see none of this'];
    expect(await allActivity(ada.user.id, ben)).toEqual([]);
    expect(await allActivity(ada.user.id, cy)).toEqual([]);
    expect(await allActivity(ada.user.id, admin)).toEqual(shown);
    expect(await allActivity(ada.user.id)).toEqual(shown);
  });

  it('refuses a malformed cursor with the error shape, and lists nothing for a member with no activity', async () => {
    const quiet = await signedInAs(t.app, t.db, 'member-tier-1');
    const bad = await call('GET', `/api/community/members/${quiet.user.id}/activity?cursor=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeTruthy();
    const notAnId = `/api/community/members/${quiet.user.id}/activity?cursor=1.${'-'.repeat(36)}`;
    expect((await call('GET', notAnId)).statusCode).toBe(400);
    expect(await allActivity(quiet.user.id)).toEqual([]);
  });
});
