import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityRevisionListSchema } from '@uplift/contracts';
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

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: Caller, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

async function send(method: 'POST' | 'PATCH' | 'DELETE', url: string, who: Caller, payload?: object) {
  const response = await call(method, url, who, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as { id: string; editedAt: string | null };
}

async function versions(url: string, who?: Caller) {
  const response = await call('GET', url, who);
  return {
    status: response.statusCode,
    bodies:
      response.statusCode === 200
        ? communityRevisionListSchema.parse(response.json()).items.map((item) => item.body)
        : null,
  };
}

const member = () => signedInAs(t.app, t.db, 'member-tier-1');

describe('edit history (issue 45.4)', () => {
  it('keeps each earlier version of a post and a comment, newest first, for everyone who sees them', async () => {
    const author = await member();
    const post = await send('POST', '/api/community/posts', author, {
      topicId: 'questions',
      body: 'First draft',
    });
    await send('PATCH', `/api/community/posts/${post.id}`, author, { body: 'Second draft' });
    // A topic change alone leaves the text as it was: no version to keep.
    await send('PATCH', `/api/community/posts/${post.id}`, author, { topicId: 'wins' });
    const edited = await send('PATCH', `/api/community/posts/${post.id}`, author, { body: 'Final words' });
    expect(edited.editedAt).not.toBeNull();

    expect(await versions(`/api/community/posts/${post.id}/revisions`)).toEqual({
      status: 200,
      bodies: ['Second draft', 'First draft'],
    });

    const comment = await send('POST', `/api/community/posts/${post.id}/comments`, author, {
      body: 'I said this',
    });
    await send('PATCH', `/api/community/comments/${comment.id}`, author, { body: 'I meant this' });
    expect(await versions(`/api/community/comments/${comment.id}/revisions`, await member())).toEqual({
      status: 200,
      bodies: ['I said this'],
    });
  });

  it('only its author edits: someone else’s edit is refused and keeps no version', async () => {
    const [author, other] = await Promise.all([member(), member()]);
    const post = await send('POST', '/api/community/posts', author, { topicId: 'questions', body: 'Mine' });
    const refused = await call('PATCH', `/api/community/posts/${post.id}`, other, { body: 'Yours now' });
    expect(refused.statusCode).toBe(403);
    expect((await versions(`/api/community/posts/${post.id}/revisions`)).bodies).toEqual([]);
  });

  it('a hidden post’s versions show to its author and admins only; a deleted one’s to admins only', async () => {
    const [author, other, admin] = await Promise.all([member(), member(), signedInAs(t.app, t.db, 'admin')]);
    const post = await send('POST', '/api/community/posts', author, {
      topicId: 'questions',
      body: 'Rude at first',
    });
    await send('PATCH', `/api/community/posts/${post.id}`, author, { body: 'Polite now' });
    const comment = await send('POST', `/api/community/posts/${post.id}/comments`, author, { body: 'Aside' });
    await send('PATCH', `/api/community/comments/${comment.id}`, author, { body: 'Aside, edited' });
    await send('POST', '/api/admin/moderation/decisions', admin, { postId: post.id, decision: 'hide' });

    const postUrl = `/api/community/posts/${post.id}/revisions`;
    const commentUrl = `/api/community/comments/${comment.id}/revisions`;
    expect((await versions(postUrl)).status).toBe(404);
    expect((await versions(postUrl, other)).status).toBe(404);
    // The comment is shown, but on a post the reader may not see.
    expect((await versions(commentUrl, other)).status).toBe(404);
    expect((await versions(postUrl, author)).bodies).toEqual(['Rude at first']);
    expect((await versions(postUrl, admin)).bodies).toEqual(['Rude at first']);

    await send('POST', '/api/admin/moderation/decisions', admin, { postId: post.id, decision: 'restore' });
    await send('DELETE', `/api/community/posts/${post.id}`, author);
    expect(await versions(postUrl, other)).toEqual({ status: 200, bodies: [] });
    expect(await versions(postUrl, author)).toEqual({ status: 200, bodies: [] });
    expect((await versions(postUrl, admin)).bodies).toEqual(['Rude at first']);
  });

  it('answers 404 in the error shape for an unknown id and 400 for a malformed one', async () => {
    const missing = await call('GET', '/api/community/posts/00000000-0000-4000-8000-000000000000/revisions');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('No post with that id.');
    expect((await call('GET', '/api/community/comments/not-an-id/revisions')).statusCode).toBe(400);
  });
});
