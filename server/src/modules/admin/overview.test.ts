import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview, CommunityPost } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { partnerConnectionRequests, partners } from '../../db/schema.ts';
import { seedCommunity } from '../../seed/community.ts';
import { seedPartners } from '../../seed/partners.ts';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof signedInAs>>;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  await seedCommunity(t.db);
  await seedPartners(t.db);
  admin = await signedInAs(t.app, t.db, 'admin');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, who?: Caller, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

/** The portal's attention counts by id. */
async function attention(): Promise<Record<string, number>> {
  const response = await call('GET', '/api/admin/overview', admin);
  expect(response.statusCode, response.body).toBe(200);
  const overview: AdminOverview = response.json();
  return Object.fromEntries(overview.attention.map((item) => [item.id, item.count]));
}

async function post(who: Caller, body: string): Promise<CommunityPost> {
  const response = await call('POST', '/api/community/posts', who, { topicId: 'wins', body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function compose(scheduledFor?: Date) {
  return call('POST', '/api/admin/notifications', admin, {
    title: 'Mentoring evening',
    body: 'Meet the mentors on Thursday.',
    audience: { type: 'everyone' },
    ...(scheduledFor ? { scheduledFor: scheduledFor.toISOString() } : {}),
  });
}

describe('admin portal attention counts', () => {
  it('is for admins only', async () => {
    const member = await signedInAs(t.app, t.db, 'member-tier-2');
    expect((await call('GET', '/api/admin/overview', member)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/overview')).statusCode).toBe(401);
  });

  it('counts the moderation queue as it lists it: one per reported item, until decided', async () => {
    const [author, first, second] = await Promise.all([
      signedInAs(t.app, t.db, 'member-tier-1'),
      signedInAs(t.app, t.db, 'member-tier-1'),
      signedInAs(t.app, t.db, 'member-tier-1'),
    ]);
    const before = (await attention()).moderation ?? 0;
    const spam = await post(author, 'Cheap followers, message me');
    const rude = await post(author, 'You are all clueless');
    const reply = await call('POST', `/api/community/posts/${rude.id}/comments`, author, { body: 'Really.' });
    for (const reporter of [first, second])
      await call('POST', '/api/community/reports', reporter, { postId: spam.id, reason: 'spam' });
    await call('POST', '/api/community/reports', first, { postId: rude.id, reason: 'harassment' });
    await call('POST', '/api/community/reports', first, {
      postId: rude.id,
      commentId: reply.json().id,
      reason: 'harassment',
    });

    // Two reports of one post are one item to review; a post and its comment are two.
    expect((await attention()).moderation).toBe(before + 3);
    const queue = await call('GET', '/api/admin/moderation', admin);
    expect(queue.json().items).toHaveLength(before + 3);

    await call('POST', '/api/admin/moderation/decisions', admin, { postId: spam.id, decision: 'hide' });
    await call('POST', '/api/admin/moderation/decisions', admin, { postId: rude.id, decision: 'dismiss' });
    expect((await attention()).moderation).toBe(before + 1);
  });

  it('counts scheduled notifications not yet sent, not sends gone out or cancelled', async () => {
    const before = (await attention())['scheduled-notifications'] ?? 0;
    const tomorrow = new Date(Date.now() + 24 * 60 * 60_000);
    expect((await compose(tomorrow)).statusCode).toBe(201);
    const cancelled = await compose(tomorrow);
    expect((await compose()).statusCode).toBe(201); // sent at once
    expect((await attention())['scheduled-notifications']).toBe(before + 2);

    await call('POST', `/api/admin/notifications/${cancelled.json().id}/cancel`, admin);
    expect((await attention())['scheduled-notifications']).toBe(before + 1);
  });

  it('counts pending partner connection requests beside them, each with its admin page', async () => {
    const member = await signedInAs(t.app, t.db, 'member-tier-1');
    const [partner] = await t.db.select().from(partners).limit(1);
    if (!partner) throw new Error('no seeded partner');
    const before = (await attention())['partner-requests'] ?? 0;
    await t.db.insert(partnerConnectionRequests).values({
      userId: member.user.id,
      partnerId: partner.id,
      message: 'I would like to join your apprenticeship.',
      preferredContact: 'email',
      consentToShareProfile: true,
    });
    expect((await attention())['partner-requests']).toBe(before + 1);

    const overview: AdminOverview = (await call('GET', '/api/admin/overview', admin)).json();
    expect(overview.attention.map(({ id, path }) => [id, path])).toEqual([
      ['moderation', '/admin/moderation'],
      ['reported-conversations', '/admin/moderation'],
      ['scheduled-notifications', '/admin/notifications'],
      ['partner-requests', '/admin/partners'],
    ]);
  });
});
