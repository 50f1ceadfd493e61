import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunityPost, MemberNotificationList } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { seedCommunity } from '../../seed/community.ts';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof signedInAs>>;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  await seedCommunity(t.db);
  admin = await signedInAs(t.app, t.db, 'admin');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Caller, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

async function post(who: Caller, body: string): Promise<CommunityPost> {
  const response = await call('POST', '/api/community/posts', who, { topicId: 'questions', body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function comment(who: Caller, postId: string, body: string): Promise<{ id: string }> {
  const response = await call('POST', `/api/community/posts/${postId}/comments`, who, { body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function inbox(who: Caller): Promise<MemberNotificationList> {
  const response = await call('GET', '/api/notifications', who);
  expect(response.statusCode).toBe(200);
  return response.json();
}
async function decide(payload: { postId: string; commentId?: string; decision: string }) {
  const response = await call('POST', '/api/admin/moderation/decisions', admin, payload);
  expect(response.statusCode, response.body).toBe(200);
}

describe('notifications from community events', () => {
  it("tells a post's author of a comment by someone else, with a link to the thread", async () => {
    const [author, commenter] = await Promise.all([
      signedInAs(t.app, t.db, 'member-tier-1'),
      signedInAs(t.app, t.db, 'member-tier-2'),
    ]);
    const mine = await post(author, 'How do I ask for a raise after six months?');

    await comment(author, mine.id, 'Some context: I lead two projects now.');
    expect((await inbox(author)).items).toEqual([]);

    await comment(commenter, mine.id, 'Bring numbers:\n\nthe projects you shipped and what they saved.');
    const { items, unreadCount } = await inbox(author);
    expect(unreadCount).toBe(1);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'community',
      title: `${commenter.user.displayName} commented on your post`,
      body: 'Bring numbers: the projects you shipped and what they saved.',
      link: `/community/posts/${mine.id}#replies`,
      readAt: null,
    });
    // The commenter is not told about their own comment.
    expect((await inbox(commenter)).items).toEqual([]);
  });

  it('shortens a long comment to an excerpt in the notification', async () => {
    const [author, commenter] = await Promise.all([
      signedInAs(t.app, t.db, 'member-tier-1'),
      signedInAs(t.app, t.db, 'member-tier-1'),
    ]);
    const mine = await post(author, 'Which certificate is worth it?');
    await comment(commenter, mine.id, 'word '.repeat(100));
    const [notice] = (await inbox(author)).items;
    expect([...(notice?.body ?? '')]).toHaveLength(140);
    expect(notice?.body.endsWith('…')).toBe(true);
  });

  it('tells the author when a moderator hides their post or comment, once per hide', async () => {
    const [author, reporter] = await Promise.all([
      signedInAs(t.app, t.db, 'member-tier-1'),
      signedInAs(t.app, t.db, 'member-tier-1'),
    ]);
    const offending = await post(author, 'Follow my page for guaranteed jobs');
    const reply = await comment(reporter, offending.id, 'Please stop posting this.');
    const ownComment = await comment(author, offending.id, 'DM me now');
    const before = (await inbox(author)).items.length; // the reporter's comment notified the author

    await call('POST', '/api/community/reports', reporter, { postId: offending.id, reason: 'spam' });
    await decide({ postId: offending.id, decision: 'dismiss' });
    expect((await inbox(author)).items).toHaveLength(before);

    await decide({ postId: offending.id, decision: 'hide' });
    await decide({ postId: offending.id, decision: 'hide' }); // already hidden: no second notice
    let { items } = await inbox(author);
    expect(items).toHaveLength(before + 1);
    expect(items[0]).toMatchObject({
      kind: 'community',
      title: 'Your post was hidden',
      link: `/community/posts/${offending.id}`,
    });

    await decide({ postId: offending.id, commentId: ownComment.id, decision: 'hide' });
    ({ items } = await inbox(author));
    expect(items[0]).toMatchObject({ title: 'Your comment was hidden' });
    // Hiding someone else's comment on the author's post tells that comment's author, not the post's.
    await decide({ postId: offending.id, commentId: reply.id, decision: 'hide' });
    expect((await inbox(author)).items).toHaveLength(before + 2);
    expect((await inbox(reporter)).items[0]).toMatchObject({ title: 'Your comment was hidden' });
  });

  it('honours a member who turned community notifications off in the app', async () => {
    const [quiet, commenter] = await Promise.all([
      signedInAs(t.app, t.db, 'member-tier-1'),
      signedInAs(t.app, t.db, 'member-tier-1'),
    ]);
    const preferences = await call('PATCH', '/api/settings/preferences', quiet, {
      notifications: { community: { inApp: false } },
    });
    expect(preferences.statusCode, preferences.body).toBe(200);
    const mine = await post(quiet, 'Looking for a study partner for cloud exams');
    await comment(commenter, mine.id, 'Count me in.');
    await decide({ postId: mine.id, decision: 'hide' });
    expect(await inbox(quiet)).toMatchObject({ items: [], unreadCount: 0 });

    // Other kinds still arrive: only the community kind was turned off.
    const announcement = await call('POST', '/api/admin/notifications', admin, {
      title: 'Welcome week',
      body: 'Sessions every evening this week.',
      audience: { type: 'members', userIds: [quiet.user.id] },
    });
    expect(announcement.statusCode, announcement.body).toBe(201);
    expect((await inbox(quiet)).items.map((item) => item.kind)).toEqual(['announcements']);
  });
});
