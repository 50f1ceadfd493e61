import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPostPageSchema, memberStorySchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, signIn, signedInAs } from '../../../test/accounts.ts';
import {
  communityPosts,
  communityTopics,
  notificationDeliveries,
  notifications,
  partnerConnectionRequests,
  partners,
} from '../../db/schema.ts';
import { seedSkillItems } from '../skills/index.ts';

// /admin/users/:id over HTTP: every section read from the module that owns it, paged, admin-only.
describe('GET /api/admin/users/:id (a member’s whole story)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie: admin } = await signedInAs(t.app, t.db, 'admin'));
    await seedSkillItems(t.db);
    await t.db
      .insert(communityTopics)
      .values({ id: 'wins', name: 'Wins', description: 'Good news', position: 1 });
  });
  afterAll(() => t.close());

  async function get(url: string, cookie = admin) {
    return t.app.inject({ method: 'GET', url, headers: { cookie } });
  }

  async function send(method: 'POST' | 'PATCH', url: string, cookie: string, payload: object) {
    const response = await t.app.inject({ method, url, headers: { cookie }, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  }

  it('tells an admin what the member did in every part of the product', async () => {
    const ada = await createUser(t.db, 'member-tier-1');
    const adaCookie = await signIn(t.app, ada.email);
    const post = await send('POST', '/api/community/posts', adaCookie, {
      topicId: 'wins',
      body: 'Finished my first **assessment** today',
    });
    await send('POST', `/api/community/posts/${post.id}/comments`, adaCookie, { body: 'And the second one' });
    await send('POST', '/api/skills/assessments', adaCookie, { skills: ['leadership'] });
    const [partner] = await t.db
      .insert(partners)
      .values({
        slug: `story-${ada.id}`,
        name: 'Harbour Training',
        category: 'training-provider',
        description: 'Courses',
        address: '1 Quay',
        city: 'Leeds',
        lat: 53.8,
        lng: -1.55,
        logoSvg: '<svg/>',
      })
      .returning();
    await t.db.insert(partnerConnectionRequests).values({
      userId: ada.id,
      partnerId: partner!.id,
      message: 'Hello',
      preferredContact: 'email',
      consentToShareProfile: true,
    });
    const [notice] = await t.db
      .insert(notifications)
      .values({
        kind: 'announcements',
        title: 'Welcome week',
        body: 'Hi',
        audience: { type: 'everyone' },
        status: 'sent',
      })
      .returning();
    await t.db
      .insert(notificationDeliveries)
      .values({ notificationId: notice!.id, userId: ada.id, inApp: true });
    await send('PATCH', `/api/users/${ada.id}`, admin, { role: 'member-tier-2' });

    const response = await get(`/api/admin/users/${ada.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const story = memberStorySchema.parse(response.json());
    expect(story.user).toMatchObject({
      id: ada.id,
      email: ada.email,
      role: 'member-tier-2',
      status: 'active',
    });
    expect(story.roleHistory).toEqual([
      expect.objectContaining({ from: 'member-tier-1', to: 'member-tier-2' }),
    ]);
    expect(story.sessions.total).toBe(1);
    expect(story.sessions.items[0]).toMatchObject({ endedAt: null });
    expect(story.posts.items).toEqual([
      expect.objectContaining({
        id: post.id,
        excerpt: 'Finished my first **assessment** today',
        state: 'shown',
        commentCount: 1,
      }),
    ]);
    expect(story.comments.items).toEqual([
      expect.objectContaining({ postId: post.id, excerpt: 'And the second one', state: 'shown' }),
    ]);
    expect(story.assessments.items).toEqual([
      expect.objectContaining({ status: 'in-progress', results: [] }),
    ]);
    expect(story['partner-requests'].items).toEqual([
      expect.objectContaining({ partnerName: 'Harbour Training', status: 'pending' }),
    ]);
    expect(story.notifications.items).toEqual([
      expect.objectContaining({ title: 'Welcome week', inApp: true, readAt: null }),
    ]);
  });

  it('pages a section that has grown past one page, deleted posts included and marked', async () => {
    const bo = await createUser(t.db, 'member-tier-1');
    await t.db.insert(communityPosts).values(
      Array.from({ length: 12 }, (_, index) => ({
        authorId: bo.id,
        topicId: 'wins',
        body: `Post ${index + 1}`,
        deletedAt: index === 0 ? new Date() : null,
      })),
    );
    const story = memberStorySchema.parse((await get(`/api/admin/users/${bo.id}`)).json());
    expect(story.posts).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(story.posts.items.map((item) => item.excerpt)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Post ${12 - index}`),
    );
    const second = memberPostPageSchema.parse((await get(`/api/admin/users/${bo.id}/posts?page=2`)).json());
    expect(second.items.map((item) => [item.excerpt, item.state])).toEqual([
      ['Post 2', 'shown'],
      ['Post 1', 'deleted'],
    ]);
    expect(second.total).toBe(12);
  });

  it('is for admins only, and answers an unknown or malformed id in the error shape', async () => {
    const { user, cookie } = await signedInAs(t.app, t.db, 'member-tier-2');
    expect((await get(`/api/admin/users/${user.id}`, cookie)).statusCode).toBe(403);
    expect((await get(`/api/admin/users/${user.id}/sessions`, cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/users/${user.id}` })).statusCode).toBe(401);

    const missing = await get('/api/admin/users/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    expect((await get('/api/admin/users/not-an-id')).statusCode).toBe(400);
    expect((await get(`/api/admin/users/${user.id}/posts?page=0`)).statusCode).toBe(400);
  });
});
