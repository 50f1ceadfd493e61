import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogPageSchema, type AdminNotification, type MemberNotificationList } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, signedInAs, signIn } from '../../../test/accounts.ts';
import { partnerConnectionRequests, partners, pushSubscriptions } from '../../db/schema.ts';
import { seedPartners } from '../../seed/partners.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestApp({ NOTIFICATIONS_POLL_SECONDS: '0.5' });
  admin = await signedInAs(t.app, t.db, 'admin');
});
afterAll(() => t.close());

function compose(payload: Record<string, unknown>, cookie = admin.cookie) {
  return t.app.inject({ method: 'POST', url: '/api/admin/notifications', headers: { cookie }, payload });
}
async function inbox(cookie: string): Promise<MemberNotificationList> {
  const response = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}
async function history(): Promise<AdminNotification[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/notifications',
    headers: { cookie: admin.cookie },
  });
  return response.json().items;
}

describe('admin compose and history', () => {
  it('refuses members and anonymous visitors on every admin notification route', async () => {
    const member = await signedInAs(t.app, t.db, 'member-tier-2');
    const routes = t.app.accessTable.filter((rule) => rule.url.startsWith('/api/admin/notifications'));
    expect(routes.length).toBeGreaterThanOrEqual(5);
    for (const { method, url } of routes) {
      const path = url.replace(':id', crypto.randomUUID());
      const asMember = await t.app.inject({ method, url: path, headers: { cookie: member.cookie } });
      expect(asMember.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url: path });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('targets a tier: only its members get it, and the counts come from the delivery rows', async () => {
    const tier2 = [
      await signedInAs(t.app, t.db, 'member-tier-2'),
      await signedInAs(t.app, t.db, 'member-tier-2'),
    ];
    const tier1 = await signedInAs(t.app, t.db, 'member-tier-1');
    const expected = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where role = 'member-tier-2'`,
    );

    const response = await compose({
      title: 'Premium workshop on Friday',
      body: 'Join the negotiation workshop for premium members.',
      link: '/community',
      audience: { type: 'role', role: 'member-tier-2' },
    });
    expect(response.statusCode).toBe(201);
    const sent: AdminNotification = response.json();
    expect(sent.status).toBe('sent');
    expect(sent.counts).toEqual({
      targeted: expected.rows[0]?.n,
      deliveredInApp: expected.rows[0]?.n,
      deliveredPush: 0,
      read: 0,
    });

    const first = await inbox(tier2[0]!.cookie);
    expect(first.unreadCount).toBe(1);
    expect(first.items[0]).toMatchObject({
      title: 'Premium workshop on Friday',
      link: '/community',
      readAt: null,
    });
    expect((await inbox(tier1.cookie)).items.map((item) => item.id)).not.toContain(sent.id);

    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${sent.id}/read`,
      headers: { cookie: tier2[0]!.cookie },
    });
    expect(read.json()).toEqual({ unreadCount: 0 });
    const row = (await history()).find((item) => item.id === sent.id);
    expect(row?.counts.read).toBe(1);
  });

  it('sends to chosen members only, and honours a member who turned announcements off in the app', async () => {
    const keen = await signedInAs(t.app, t.db, 'member-tier-1');
    const quiet = await signedInAs(t.app, t.db, 'member-tier-1');
    const bystander = await signedInAs(t.app, t.db, 'member-tier-1');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/settings/preferences',
      headers: { cookie: quiet.cookie },
      payload: { notifications: { announcements: { inApp: false } } },
    });
    const response = await compose({
      title: 'Your mentor is ready',
      body: 'We matched you with a mentor.',
      audience: { type: 'members', userIds: [keen.user.id, quiet.user.id] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().counts).toMatchObject({ targeted: 2, deliveredInApp: 1 });
    expect((await inbox(keen.cookie)).unreadCount).toBe(1);
    expect((await inbox(quiet.cookie)).items).toEqual([]);
    expect((await inbox(bystander.cookie)).items).toEqual([]);
  });

  it('records a send now as notification.send in the audit log: who, what and to whom', async () => {
    const member = await signedInAs(t.app, t.db, 'member-tier-1');
    const audience = { type: 'members', userIds: [member.user.id] };
    const response = await compose({ title: 'Room change', body: 'We meet in room 4 today.', audience });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit-log?subjectType=notification&subjectId=${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(auditLogPageSchema.parse(audit.json()).items).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        actorName: admin.user.displayName,
        action: 'notification.send',
        subjectLabel: 'Room change',
        before: null,
        after: { title: 'Room change', audience, scheduledFor: null },
      }),
    ]);
  });

  it('answers bad input with a 400 in the error shape, never a 500', async () => {
    const base = { title: 'Hi', body: 'There', audience: { type: 'everyone' } };
    for (const payload of [
      { ...base, link: '//evil.example/phish' },
      { ...base, link: 'https://evil.example' },
      { ...base, title: '' },
      { ...base, audience: { type: 'role', role: 'owner' } },
      { ...base, audience: { type: 'members', userIds: [] } },
      { ...base, scheduledFor: new Date(Date.now() - 60_000).toISOString() },
      { ...base, scheduledFor: 'tomorrow' },
      { ...base, audience: { type: 'members', userIds: [crypto.randomUUID()] } },
    ]) {
      const response = await compose(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        error: { statusCode: 400, code: 'VALIDATION_ERROR' },
      });
    }
  });

  it('schedules a send, lists it as scheduled, and a cancelled one never goes out', async () => {
    const member = await signedInAs(t.app, t.db, 'member-tier-1');
    const scheduled = await compose({
      title: 'Cancelled reminder',
      body: 'This should never arrive.',
      audience: { type: 'members', userIds: [member.user.id] },
      scheduledFor: new Date(Date.now() + 1_500).toISOString(),
    });
    expect(scheduled.statusCode).toBe(201);
    const { id, status } = scheduled.json();
    expect(status).toBe('scheduled');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/notifications/${id}/cancel`,
      headers: { cookie: admin.cookie },
    });
    expect(cancel.json().status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await inbox(member.cookie)).items).toEqual([]);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/notifications/${id}/cancel`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(409);
    const audit = await t.db.execute<{ action: string }>(
      sql`select action from audit_log where subject_id = ${id} order by created_at`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['notification.schedule', 'notification.cancel']);
  });
});

describe('member centre', () => {
  it('marks all read, pages with a cursor, and announces changes to the member’s devices live', async () => {
    const member = await signedInAs(t.app, t.db, 'member-tier-1');
    for (const title of ['One', 'Two', 'Three']) {
      await compose({ title, body: 'Body', audience: { type: 'members', userIds: [member.user.id] } });
    }
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/notifications?limit=2',
      headers: { cookie: member.cookie },
    });
    const first: MemberNotificationList = page.json();
    expect(first.items.map((item) => item.title)).toEqual(['Three', 'Two']);
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/notifications?limit=2&before=${encodeURIComponent(first.nextCursor ?? '')}`,
      headers: { cookie: member.cookie },
    });
    expect(next.json().items.map((item: { title: string }) => item.title)).toEqual(['One']);
    expect(next.json().nextCursor).toBeNull();

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: member.cookie },
    });
    expect(all.json()).toEqual({ unreadCount: 0 });
    const badge = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
      headers: { cookie: member.cookie },
    });
    expect(badge.json()).toEqual({ unreadCount: 0 });

    const live = await t.db.execute<{ payload: { unreadCount: number; notificationId?: string } }>(sql`
      select payload from live_events where audience_user_id = ${member.user.id}
        and type = 'notifications.changed' order by id`);
    // Each send names its notification (the app says its title to a screen reader); a read names none.
    const idOf = new Map(
      [...first.items, ...(next.json() as MemberNotificationList).items].map((item) => [item.title, item.id]),
    );
    expect(live.rows.map((row) => row.payload)).toEqual([
      { unreadCount: 1, notificationId: idOf.get('One') },
      { unreadCount: 2, notificationId: idOf.get('Two') },
      { unreadCount: 3, notificationId: idOf.get('Three') },
      { unreadCount: 0 },
    ]);
  });

  it('does not let a member read or mark another member’s notification', async () => {
    const owner = await signedInAs(t.app, t.db, 'member-tier-1');
    const other = await signedInAs(t.app, t.db, 'member-tier-1');
    const sent = await compose({
      title: 'Private',
      body: 'Only for one',
      audience: { type: 'members', userIds: [owner.user.id] },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${sent.json().id}/read`,
      headers: { cookie: other.cookie },
    });
    expect(response.statusCode).toBe(404);
    expect((await inbox(owner.cookie)).unreadCount).toBe(1);
  });

  it('forgets a device on DELETE /api/notifications/push/subscriptions: only the caller’s own', async () => {
    const owner = await signedInAs(t.app, t.db, 'member-tier-1');
    const other = await signedInAs(t.app, t.db, 'member-tier-1');
    const devices = ['fcm-token-of-the-phone-0001', 'fcm-token-of-the-tablet-0002'];
    for (const token of devices) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/push/subscriptions',
        headers: { cookie: owner.cookie },
        payload: { type: 'fcm', token },
      });
      expect(response.statusCode).toBe(204);
    }
    const unsubscribe = (cookie: string | null, endpoint: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/notifications/push/subscriptions',
        headers: cookie ? { cookie } : {},
        payload: { endpoint },
      });
    const stored = async () =>
      (
        await t.db
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, owner.user.id))
      )
        .map((row) => row.endpoint)
        .sort();

    expect((await unsubscribe(null, devices[0]!)).statusCode).toBe(401);
    // Another member naming the endpoint removes nothing (and learns nothing: still 204).
    expect((await unsubscribe(other.cookie, devices[0]!)).statusCode).toBe(204);
    expect(await stored()).toEqual(devices);
    expect((await unsubscribe(owner.cookie, devices[0]!)).statusCode).toBe(204);
    expect(await stored()).toEqual([devices[1]]);
    // Again (a retried request): still 204, nothing else goes.
    expect((await unsubscribe(owner.cookie, devices[0]!)).statusCode).toBe(204);
    expect(await stored()).toEqual([devices[1]]);
    const empty = await unsubscribe(owner.cookie, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('tells a member when a partner answers their connection request', async () => {
    const member = await createUser(t.db, 'member-tier-1');
    const cookie = await signIn(t.app, member.email);
    await seedPartners(t.db);
    const [partner] = await t.db.select().from(partners).limit(1);
    if (!partner) throw new Error('no seeded partner');
    const [request] = await t.db
      .insert(partnerConnectionRequests)
      .values({
        userId: member.id,
        partnerId: partner.id,
        message: 'Hello',
        preferredContact: 'email',
        consentToShareProfile: true,
      })
      .returning();
    const answer = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/partner-requests/${request?.id}`,
      headers: { cookie: admin.cookie },
      payload: { status: 'accepted' },
    });
    expect(answer.statusCode).toBe(200);
    const { items, unreadCount } = await inbox(cookie);
    expect(unreadCount).toBe(1);
    expect(items[0]).toMatchObject({
      kind: 'partners',
      title: `${partner.name} accepted your request`,
      link: '/partners',
    });
  });
});
