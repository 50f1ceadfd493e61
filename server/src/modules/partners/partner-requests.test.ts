import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPartnerRequestListResponseSchema,
  apiErrorSchema,
  auditLogPageSchema,
  memberNotificationListSchema,
  myPartnerRequestsResponseSchema,
  partnerConnectConflictSchema,
  partnerConnectionRequestSchema,
  partnerAnswerMessageMaxLength,
  partnerConsentRequiredMessage,
  partnerListResponseSchema,
  type Partner,
} from '@uplift/contracts';
import { partnerConnectionRequests } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { seedPartners } from '../../seed/partners.ts';

const body = {
  message: 'I would like to join your trainee scheme.',
  preferredContact: 'email',
  consentToShareProfile: true,
};

describe('partner connection requests', () => {
  let t: TestApp;
  let partners: Partner[];
  beforeAll(async () => {
    t = await createTestApp();
    await seedPartners(t.db);
    const response = await t.app.inject({ method: 'GET', url: '/api/partners?pageSize=10' });
    partners = partnerListResponseSchema.parse(response.json()).items;
  });
  afterAll(() => t.close());

  const connect = (cookie: string | null, partnerId: string, payload: object = body, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/partners/${partnerId}/connect`,
      headers: { ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const mine = async (cookie: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/partners/my-requests',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return myPartnerRequestsResponseSchema.parse(response.json()).items;
  };

  it('sends a pending request the member then sees with its status', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const response = await connect(cookie, partners[0]!.id);
    expect(response.statusCode, response.body).toBe(201);
    const request = partnerConnectionRequestSchema.parse(response.json());
    expect(request).toMatchObject({
      partnerId: partners[0]!.id,
      partnerName: partners[0]!.name,
      status: 'pending',
      preferredContact: 'email',
      answeredAt: null,
      answerMessage: null,
    });
    expect(await mine(cookie)).toEqual([request]);
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('refuses anonymous visitors with 401', async () => {
    const response = await connect(null, partners[0]!.id);
    expect(response.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/partners/my-requests' })).statusCode).toBe(401);
  });

  it('requires consent to share the profile, with a clear message', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const response = await connect(cookie, partners[1]!.id, { ...body, consentToShareProfile: false });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.message).toBe(partnerConsentRequiredMessage);
    const missing = await connect(cookie, partners[1]!.id, { message: 'Hi', preferredContact: 'phone' });
    expect(missing.statusCode).toBe(400);
    expect(await mine(cookie)).toEqual([]);
  });

  it('bounds the message and the contact channel', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    for (const payload of [
      { ...body, message: '   ' },
      { ...body, message: 'x'.repeat(1001) },
      { ...body, message: 'bad\u0000byte' },
      // Phone is not offered: nothing stores a number a partner could call (issue 44.9).
      { ...body, preferredContact: 'phone' },
    ]) {
      const response = await connect(cookie, partners[1]!.id, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers a second open request with 409 and the existing one', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const first = partnerConnectionRequestSchema.parse((await connect(cookie, partners[2]!.id)).json());
    const second = await connect(cookie, partners[2]!.id, { ...body, message: 'Again' });
    expect(second.statusCode).toBe(409);
    const conflict = partnerConnectConflictSchema.parse(second.json());
    expect(conflict.existingRequest).toEqual(first);
    expect(conflict.error.message).toContain(partners[2]!.name);
    // A different partner is a different request.
    expect((await connect(cookie, partners[3]!.id)).statusCode).toBe(201);
    expect(await mine(cookie)).toHaveLength(2);
  });

  it('applies a replay with the same Idempotency-Key once', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const key = 'offline-queue-item-0001';
    const first = await connect(cookie, partners[4]!.id, body, key);
    const replay = await connect(cookie, partners[4]!.id, body, key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(await mine(cookie)).toHaveLength(1);
  });

  it('404s an unknown partner', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-such-partner']) {
      const response = await connect(cookie, id);
      expect(response.statusCode).toBe(404);
    }
  });

  it('lets admins list and answer requests; the member sees the answer; members cannot', async () => {
    const member = await signedInAs(t.app, t.db, 'member-tier-2');
    const admin = await signedInAs(t.app, t.db, 'admin');
    const sent = partnerConnectionRequestSchema.parse((await connect(member.cookie, partners[5]!.id)).json());

    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/admin/partner-requests',
      headers: { cookie: member.cookie },
    });
    expect(forbidden.statusCode).toBe(403);
    const pendingResponse = await t.app.inject({
      method: 'GET',
      url: '/api/admin/partner-requests?status=pending&pageSize=50',
      headers: { cookie: admin.cookie },
    });
    const pending = adminPartnerRequestListResponseSchema.parse(pendingResponse.json());
    const listed = pending.items.find((item) => item.id === sent.id);
    expect(listed?.member).toEqual({
      id: member.user.id,
      displayName: member.user.displayName,
      email: member.user.email,
    });
    expect(pending.items.every((item) => item.status === 'pending')).toBe(true);

    const answer = (cookie: string, status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/partner-requests/${sent.id}`,
        headers: { cookie },
        payload: { status },
      });
    expect((await answer(member.cookie, 'accepted')).statusCode).toBe(403);
    expect((await answer(admin.cookie, 'maybe')).statusCode).toBe(400);
    const accepted = await answer(admin.cookie, 'accepted');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted' });
    expect((await answer(admin.cookie, 'declined')).statusCode).toBe(409);
    const [seen] = await mine(member.cookie);
    expect(seen).toMatchObject({ id: sent.id, status: 'accepted' });
    expect(seen!.answeredAt).not.toBeNull();

    // Answered, the request is history: the member may send a new one.
    expect((await connect(member.cookie, partners[5]!.id)).statusCode).toBe(201);
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/partner-requests/00000000-0000-4000-8000-000000000000',
      headers: { cookie: admin.cookie },
      payload: { status: 'declined' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers with a message the member sees, in the notification too, and audits who, what, before and after', async () => {
    const member = await signedInAs(t.app, t.db, 'member-tier-1');
    const admin = await signedInAs(t.app, t.db, 'admin');
    // Stored directly: the connect route's rate limit is per address, and the other tests use it up.
    const [sent] = await t.db
      .insert(partnerConnectionRequests)
      .values({
        userId: member.user.id,
        partnerId: partners[7]!.id,
        message: 'Hello',
        preferredContact: 'email',
        consentToShareProfile: true,
      })
      .returning();
    if (!sent) throw new Error('request not stored');
    expect((await mine(member.cookie))[0]?.answerMessage).toBeNull();
    const answer = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/partner-requests/${sent.id}`,
        headers: { cookie: admin.cookie },
        payload,
      });

    const tooLong = await answer({
      status: 'declined',
      message: 'x'.repeat(partnerAnswerMessageMaxLength + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(apiErrorSchema.parse(tooLong.json()).error.code).toBe('VALIDATION_ERROR');
    const message = 'Our autumn intake is full; please write again in January.';
    const declined = await answer({ status: 'declined', message: `  ${message}  ` });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', answerMessage: message });

    const [seen] = await mine(member.cookie);
    expect(seen).toMatchObject({ id: sent.id, status: 'declined', answerMessage: message });

    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: member.cookie },
    });
    const [notice] = memberNotificationListSchema.parse(inbox.json()).items;
    expect(notice?.title).toBe(`${partners[7]!.name} declined your request`);
    expect(notice?.body).toContain(message);

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit-log?subjectType=partner_request&subjectId=${sent.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(auditLogPageSchema.parse(audit.json()).items).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        actorName: admin.user.displayName,
        action: 'partner_request.decline',
        subjectLabel: `${member.user.email} → ${partners[7]!.name}`,
        before: { status: 'pending' },
        after: { status: 'declined', answerMessage: message },
      }),
    ]);
  });

  it('keeps one open request under concurrent sends', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const responses = await Promise.all([1, 2, 3, 4].map(() => connect(cookie, partners[6]!.id)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });
});
