import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, memberNotificationListSchema, myPremiumRequestSchema } from '@uplift/contracts';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

describe('premium requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', cookie?: string) =>
    t.app.inject({ method, url: '/api/premium/request', headers: cookie ? { cookie } : {} });

  const adminNotifications = async (cookie: string) =>
    memberNotificationListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } })).json(),
    ).items;

  it('records a member’s request once, tells every admin with a link to the member, and shows it as requested', async () => {
    const admin = await signedInAs(t.app, t.db, 'admin');
    const member = await signedInAs(t.app, t.db, 'member-tier-1');
    expect(myPremiumRequestSchema.parse((await call('GET', member.cookie)).json())).toEqual({
      request: null,
    });

    const requested = await call('POST', member.cookie);
    expect(requested.statusCode).toBe(201);
    const mine = myPremiumRequestSchema.parse((await call('GET', member.cookie)).json());
    expect(mine.request?.requestedAt).toBe(requested.json<{ requestedAt: string }>().requestedAt);

    const told = (await adminNotifications(admin.cookie)).filter((n) =>
      n.title.includes(member.user.displayName),
    );
    expect(told).toEqual([
      expect.objectContaining({
        title: `${member.user.displayName} asks for premium`,
        link: `/admin/users?q=${encodeURIComponent(member.user.email)}`,
      }),
    ]);

    // A second press (another device, a double tap) is refused in the error shape, and nobody is told twice.
    const again = await call('POST', member.cookie);
    expect(again.statusCode).toBe(409);
    expect(apiErrorSchema.parse(again.json()).error.message).toMatch(/already asked/);
    expect(
      (await adminNotifications(admin.cookie)).filter((n) => n.title.includes(member.user.displayName)),
    ).toHaveLength(1);
  });

  it('refuses a member who already has premium, and a visitor', async () => {
    const premium = await signedInAs(t.app, t.db, 'member-tier-2');
    const refused = await call('POST', premium.cookie);
    expect(refused.statusCode).toBe(409);
    expect(apiErrorSchema.parse(refused.json()).error.message).toBe(
      'Your membership already includes premium.',
    );
    expect((await call('POST')).statusCode).toBe(401);
    expect((await call('GET')).statusCode).toBe(401);
  });
});
