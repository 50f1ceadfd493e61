import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mentionToken,
  notificationsChangedEvent,
  type MemberNotification,
  type MemberNotificationList,
} from '@uplift/contracts';
import { signedInAs, testPassword } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { openLiveStream } from '../../../test/live-events.ts';
import { seedCommunity } from '../../seed/community.ts';

/** Issue 44.7, decision 0110: a deleted comment, post or member is no longer quoted in anyone's notifications. */
let t: TestApp;
let base: string;
type Caller = Awaited<ReturnType<typeof signedInAs>>;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await seedCommunity(t.db);
  admin = await signedInAs(t.app, t.db, 'admin');
});
afterAll(() => t.close());

const member = () => signedInAs(t.app, t.db, 'member-tier-1');
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Caller, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
const mention = (who: Caller) => mentionToken(who.user.id, who.user.displayName);

async function post(who: Caller, body: string): Promise<string> {
  const response = await call('POST', '/api/community/posts', who, { topicId: 'questions', body });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}
async function comment(who: Caller, postId: string, body: string): Promise<string> {
  const response = await call('POST', `/api/community/posts/${postId}/comments`, who, { body });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}
async function inbox(who: Caller): Promise<MemberNotification[]> {
  const response = await call('GET', '/api/notifications', who);
  expect(response.statusCode).toBe(200);
  return (response.json() as MemberNotificationList).items;
}
async function remove(url: string, who: Caller, payload?: object) {
  const response = await call('DELETE', url, who, payload);
  expect(response.statusCode, response.body).toBe(200);
}
/** Every word of every notification, to look for what must be gone. */
const wordsOf = (items: MemberNotification[]) =>
  items.map((item) => `${item.title}\n${item.body}\n${item.link ?? ''}`).join('\n');

describe('notifications quoting what was deleted', () => {
  it("a comment its author deletes is no longer quoted to the post's author, and their open centre is told", async () => {
    const [author, commenter] = await Promise.all([member(), member()]);
    const postId = await post(author, 'Which certificate helped you most?');
    const commentId = await comment(commenter, postId, 'The cloud practitioner one, honestly.');
    expect(await inbox(author)).toMatchObject([
      {
        title: `${commenter.user.displayName} commented on your post`,
        body: 'The cloud practitioner one, honestly.',
      },
    ]);

    const stream = await openLiveStream(base, { cookie: author.cookie });
    try {
      await remove(`/api/community/comments/${commentId}`, commenter);
      // The centre's list refetches on this event; the unread count has not changed.
      const event = await stream.waitFor((e) => e.type === notificationsChangedEvent);
      expect(event.data).toEqual({ unreadCount: 1 });
    } finally {
      stream.close();
    }

    const items = await inbox(author);
    expect(items).toMatchObject([
      {
        title: 'A comment that was deleted',
        body: 'The comment this notification quoted was deleted, so it is no longer shown.',
        // The thread is still there.
        link: `/community/posts/${postId}#replies`,
        readAt: null,
      },
    ]);
    expect(wordsOf(items)).not.toContain('cloud practitioner');
    expect(wordsOf(items)).not.toContain(commenter.user.displayName);
  });

  it("a comment an admin deletes is redacted for followers and the members it mentioned, and no one else's changes", async () => {
    const [author, follower, commenter, mentioned] = await Promise.all([
      member(),
      member(),
      member(),
      member(),
    ]);
    const postId = await post(author, 'Salary talks next week, tips?');
    await comment(follower, postId, 'Following this one.');
    await comment(commenter, postId, 'Anchor high and stay calm.');
    const removed = await comment(commenter, postId, `Ask ${mention(mentioned)}, she negotiated twice.`);

    await remove(`/api/community/comments/${removed}`, admin);

    for (const who of [author, follower]) {
      const items = await inbox(who);
      expect(items.map((item) => item.title)).toEqual([
        'A comment that was deleted',
        `${commenter.user.displayName} commented on ${who === author ? 'your post' : 'a post you follow'}`,
        ...(who === author ? [`${follower.user.displayName} commented on your post`] : []),
      ]);
      expect(items[1]?.body).toBe('Anchor high and stay calm.');
      expect(wordsOf(items)).not.toContain('negotiated');
    }
    expect(await inbox(mentioned)).toMatchObject([
      { title: 'A comment that was deleted', link: `/community/posts/${postId}` },
    ]);
  });

  it('a deleted post is no longer quoted, and its dead link goes', async () => {
    const [author, mentioned] = await Promise.all([member(), member()]);
    const postId = await post(author, `Big thanks to ${mention(mentioned)} for the referral!`);
    expect(await inbox(mentioned)).toMatchObject([
      { body: `Big thanks to @${mentioned.user.displayName} for the referral!` },
    ]);

    await remove(`/api/community/posts/${postId}`, author);

    const items = await inbox(mentioned);
    expect(items).toMatchObject([
      {
        title: 'A post that was deleted',
        body: 'The post this notification quoted was deleted, so it is no longer shown.',
        link: null,
      },
    ]);
    expect(wordsOf(items)).not.toContain('referral');
  });

  it("a deleted account's name, words and email leave other members' and the admins' notifications", async () => {
    const [leaver, author, reader] = await Promise.all([member(), member(), member()]);
    const postId = await post(author, 'Anyone switched from teaching to UX?');
    await comment(leaver, postId, 'I did, two years ago. Happy to talk.');
    const message = await t.app.inject({
      method: 'POST',
      url: `/api/messages/with/${reader.user.id}`,
      payload: { body: 'Hi! Saw your question about UX.' },
      headers: { cookie: leaver.cookie, 'idempotency-key': crypto.randomUUID() },
    });
    expect(message.statusCode, message.body).toBe(201);
    const premium = await call('POST', '/api/premium/request', leaver);
    expect(premium.statusCode, premium.body).toBe(201);
    expect(wordsOf(await inbox(admin))).toContain(leaver.user.email);

    await remove('/api/account', leaver, { password: testPassword });

    const forAuthor = await inbox(author);
    expect(forAuthor).toMatchObject([
      {
        title: 'A former member',
        body: 'This was about a member who has since left Uplift, so their name and words are no longer shown.',
        // The thread stays readable, the comment under "Former member".
        link: `/community/posts/${postId}#replies`,
      },
    ]);
    // The conversation is gone with them: no link to it.
    expect(await inbox(reader)).toMatchObject([{ title: 'A former member', link: null }]);
    for (const who of [author, reader, admin]) {
      const words = wordsOf(await inbox(who));
      expect(words).not.toContain(leaver.user.displayName);
      expect(words).not.toContain(leaver.user.email);
      expect(words).not.toContain('two years ago');
    }
  });

  it('a member an admin deletes is redacted the same way', async () => {
    const [leaver, author] = await Promise.all([member(), member()]);
    const postId = await post(author, 'Mock interview swap this Friday?');
    await comment(leaver, postId, 'Count me in for Friday.');

    await remove(`/api/users/${leaver.user.id}`, admin);

    const items = await inbox(author);
    expect(items).toMatchObject([{ title: 'A former member', link: `/community/posts/${postId}#replies` }]);
    expect(wordsOf(items)).not.toContain(leaver.user.displayName);
  });
});
