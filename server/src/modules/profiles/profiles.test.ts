import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountExportSchema,
  accountSessionListSchema,
  apiErrorSchema,
  defaultPreferences,
  outcomeListSchema,
  outcomeSchema,
  preferencesSchema,
  profileSchema,
} from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs, signIn, testPassword } from '../../../test/accounts.ts';

describe('profiles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (cookie: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: payload as object });
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('saves the fields a member edits and shows them to other members, without the email', async () => {
    const owner = await signedInAs(t.app, t.db, 'member-tier-1');
    const other = await signedInAs(t.app, t.db, 'member-tier-1');
    const edited = await patch(owner.cookie, {
      displayName: 'Ada Lovelace',
      headline: '  Data analyst in training ',
      bio: 'Learning SQL in the evenings.',
      industry: 'technology',
      location: {
        city: 'Manchester',
        region: 'England',
        country: 'United Kingdom',
        latitude: 53.48,
        longitude: -2.24,
      },
      skills: ['data-analytics', 'communication'],
      tags: ['sql', 'excel'],
      links: [{ label: 'Portfolio', url: 'https://ada.example.org/work' }],
      privacy: 'members',
    });
    expect(edited.statusCode).toBe(200);
    const own = profileSchema.parse(edited.json());
    expect(own).toMatchObject({
      displayName: 'Ada Lovelace',
      headline: 'Data analyst in training',
      isOwn: true,
    });
    expect(own.email).toBe(owner.user.email);

    const seen = profileSchema.parse((await get(`/api/profile/${owner.user.id}`, other.cookie)).json());
    expect(seen).toMatchObject({
      displayName: 'Ada Lovelace',
      industry: 'technology',
      isOwn: false,
      email: null,
    });
    expect(seen.location.city).toBe('Manchester');

    // Only the fields sent change; an empty text clears its field.
    const cleared = profileSchema.parse((await patch(owner.cookie, { headline: '' })).json());
    expect(cleared).toMatchObject({ headline: null, bio: 'Learning SQL in the evenings.' });
  });

  it('refuses bad fields with a clear message per field, never a 500', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const cases: Array<[unknown, string]> = [
      [{ links: [{ label: 'Site', url: 'http://insecure.example.org' }] }, 'links.0.url'],
      [{ links: [{ label: 'x', url: 'javascript:alert(1)' }] }, 'links.0.url'],
      [{ links: Array.from({ length: 6 }, () => ({ label: 'a', url: 'https://a.example.org' })) }, 'links'],
      [{ industry: 'astrology' }, 'industry'],
      [{ skills: ['juggling'] }, 'skills.0'],
      [{ skills: ['leadership', 'leadership'] }, 'skills'],
      [{ privacy: 'friends' }, 'privacy'],
      [{ headline: 'x'.repeat(121) }, 'headline'],
      [{ location: { latitude: 91, longitude: 0 } }, 'location.latitude'],
      [{ location: { latitude: 10 } }, 'location'],
      [{ displayName: 'Admin' }, 'displayName'],
      [{ role: 'admin' }, ''],
    ];
    for (const [payload, path] of cases) {
      const response = await patch(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const { error } = apiErrorSchema.parse(response.json());
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.issues?.map((issue) => issue.path).join(',')).toContain(`body${path ? `.${path}` : ''}`);
    }
  });

  it('honours privacy for anonymous callers, other members and the owner', async () => {
    const owner = await signedInAs(t.app, t.db, 'member-tier-1');
    const member = await signedInAs(t.app, t.db, 'member-tier-1');
    const url = `/api/profile/${owner.user.id}`;
    const expectations = {
      everyone: { anonymous: 200, member: 200, owner: 200 },
      members: { anonymous: 401, member: 200, owner: 200 },
      'only-me': { anonymous: 404, member: 404, owner: 200 },
    } as const;
    for (const [privacy, expected] of Object.entries(expectations)) {
      expect((await patch(owner.cookie, { privacy })).statusCode).toBe(200);
      expect((await get(url)).statusCode, `${privacy} anonymous`).toBe(expected.anonymous);
      expect((await get(url, member.cookie)).statusCode, `${privacy} member`).toBe(expected.member);
      expect((await get(url, owner.cookie)).statusCode, `${privacy} owner`).toBe(expected.owner);
    }
    // A profile never edited is visible to members only.
    expect((await get(`/api/profile/${member.user.id}`)).statusCode).toBe(401);
    expect((await get('/api/profile/00000000-0000-4000-8000-000000000000', member.cookie)).statusCode).toBe(
      404,
    );
    expect((await get('/api/profile/not-a-uuid', member.cookie)).statusCode).toBe(400);
    expect((await get('/api/profile')).statusCode).toBe(401);
  });

  it('applies an edit sent twice with one idempotency key once', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/profile/outcomes',
        headers: { cookie, 'idempotency-key': 'outcome-once-1' },
        payload: { type: 'raise', occurredOn: '2026-01-15', annualAmount: 2400 },
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const list = outcomeListSchema.parse((await get('/api/profile/outcomes', cookie)).json());
    expect(list.items).toHaveLength(1);
  });

  it('applies a PATCH /api/profile replayed with one idempotency key once', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const send = (headline: string, key: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { cookie, 'idempotency-key': key },
        payload: { headline },
      });
    const first = await send('First headline', 'profile-once-1');
    expect(first.statusCode).toBe(200);
    expect((await send('Second headline', 'profile-once-2')).statusCode).toBe(200);
    // The first edit's answer was lost; the offline queue sends it again with its key.
    const replay = await send('First headline', 'profile-once-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    // Applied again, it would have undone the later edit.
    expect(profileSchema.parse((await get('/api/profile', cookie)).json()).headline).toBe('Second headline');
  });

  it('lets members report, change and delete their own outcomes only', async () => {
    const owner = await signedInAs(t.app, t.db, 'member-tier-1');
    const other = await signedInAs(t.app, t.db, 'member-tier-1');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/profile/outcomes',
      headers: { cookie: owner.cookie },
      payload: { type: 'new-job', occurredOn: '2025-11-03', annualAmount: 5200, note: 'Junior analyst' },
    });
    expect(created.statusCode).toBe(201);
    const outcome = outcomeSchema.parse(created.json());
    expect(outcome).toMatchObject({ type: 'new-job', annualAmount: 5200, currency: 'USD' });

    const path = `/api/profile/outcomes/${outcome.id}`;
    const change = { type: 'promotion', occurredOn: '2025-12-01', annualAmount: null };
    const byOther = await t.app.inject({
      method: 'PUT',
      url: path,
      headers: { cookie: other.cookie },
      payload: change,
    });
    expect(byOther.statusCode).toBe(404);
    const changed = await t.app.inject({
      method: 'PUT',
      url: path,
      headers: { cookie: owner.cookie },
      payload: change,
    });
    expect(outcomeSchema.parse(changed.json())).toMatchObject({
      type: 'promotion',
      annualAmount: null,
      note: null,
    });

    for (const payload of [
      { type: 'lottery', occurredOn: '2025-01-01' },
      { type: 'raise', occurredOn: '2999-01-01' },
      { type: 'raise', occurredOn: '1900-01-01' },
      { type: 'raise', occurredOn: '2025-02-30' },
      { type: 'raise', occurredOn: '2025-01-01', annualAmount: -5 },
      { type: 'raise', occurredOn: '2025-01-01', annualAmount: 1_000_001 },
      { type: 'raise', occurredOn: '2025-01-01', annualAmount: 10.5 },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/profile/outcomes',
        headers: { cookie: owner.cookie },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }

    expect(
      (await t.app.inject({ method: 'DELETE', url: path, headers: { cookie: other.cookie } })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: path, headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(200);
    expect(outcomeListSchema.parse((await get('/api/profile/outcomes', owner.cookie)).json()).items).toEqual(
      [],
    );
  });

  it('keeps preferences on the server with SPEC defaults, changing only what is sent', async () => {
    const { user, cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    expect(preferencesSchema.parse((await get('/api/settings/preferences', cookie)).json())).toEqual(
      defaultPreferences,
    );
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/settings/preferences',
      headers: { cookie },
      payload: { haptics: { navigation: false }, notifications: { skills: { push: true } } },
    });
    expect(changed.statusCode).toBe(200);
    // Another device: a new sign-in sees the same preferences.
    const elsewhere = await signIn(t.app, user.email);
    const read = preferencesSchema.parse((await get('/api/settings/preferences', elsewhere)).json());
    expect(read.haptics).toEqual({ ...defaultPreferences.haptics, navigation: false });
    expect(read.notifications.skills).toEqual({ inApp: true, push: true });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/settings/preferences',
      headers: { cookie },
      payload: { haptics: { volume: 11 } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the colour theme a member chose, so every device they sign in on follows it', async () => {
    const { user, cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/settings/preferences', headers: { cookie }, payload });
    expect((await patch({ theme: 'dark' })).statusCode).toBe(200);
    const elsewhere = await signIn(t.app, user.email);
    const read = preferencesSchema.parse((await get('/api/settings/preferences', elsewhere)).json());
    expect(read.theme).toBe('dark');
    // The other settings stay as they were.
    expect(read.haptics).toEqual(defaultPreferences.haptics);

    const unknown = await patch({ theme: 'sepia' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect(preferencesSchema.parse((await get('/api/settings/preferences', cookie)).json()).theme).toBe(
      'dark',
    );
  });

  it('lists signed-in devices and signs out any of them', async () => {
    const { user, cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    const phone = await signIn(t.app, user.email);
    const list = accountSessionListSchema.parse((await get('/api/account/sessions', cookie)).json());
    expect(list.items).toHaveLength(2);
    expect(list.items.filter((session) => session.current)).toHaveLength(1);
    const other = list.items.find((session) => !session.current)!;
    const out = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${other.id}`,
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await get('/api/profile', phone)).statusCode).toBe(401);
    expect((await get('/api/profile', cookie)).statusCode).toBe(200);
    // Someone else's session id is not found, whatever it is.
    const stranger = await signedInAs(t.app, t.db, 'member-tier-1');
    const theirs = accountSessionListSchema.parse(
      (await get('/api/account/sessions', stranger.cookie)).json(),
    );
    const attempt = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${theirs.items[0]!.id}`,
      headers: { cookie },
    });
    expect(attempt.statusCode).toBe(404);
    expect((await get('/api/profile', stranger.cookie)).statusCode).toBe(200);
  });

  it("exports the member's own data and nobody else's", async () => {
    const owner = await signedInAs(t.app, t.db, 'member-tier-1');
    const other = await signedInAs(t.app, t.db, 'member-tier-1');
    await patch(owner.cookie, { bio: 'Owner bio' });
    await patch(other.cookie, { bio: 'Other bio' });
    for (const [cookie, note] of [
      [owner.cookie, 'mine'],
      [other.cookie, 'theirs'],
    ] as const) {
      await t.app.inject({
        method: 'POST',
        url: '/api/profile/outcomes',
        headers: { cookie },
        payload: { type: 'certification', occurredOn: '2026-02-01', note },
      });
    }
    const response = await get('/api/account/export', owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="uplift-export-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const data = accountExportSchema.parse(response.json());
    expect(data.account.email).toBe(owner.user.email);
    expect(data.profile?.bio).toBe('Owner bio');
    expect(data.outcomes.map((outcome) => outcome.note)).toEqual(['mine']);
    expect(response.body).not.toContain(other.user.email);
    expect(response.body).not.toContain('Other bio');
    expect(response.body).not.toContain('theirs');
  });

  it('deletes the account after the password is confirmed: sessions end, personal data goes', async () => {
    const { user, cookie } = await signedInAs(t.app, t.db, 'member-tier-1');
    await patch(cookie, { bio: 'Soon gone', privacy: 'everyone' });
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie },
      payload: { password: 'not my password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await get(`/api/profile/${user.id}`)).statusCode).toBe(200);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie },
      payload: { password: testPassword },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get('/api/profile', cookie)).statusCode).toBe(401);
    expect((await get(`/api/profile/${user.id}`)).statusCode).toBe(404);
    const { rows } = await t.db.$client.query(
      `select (select count(*) from users where id = $1) + (select count(*) from profiles where user_id = $1)
        + (select count(*) from sessions where user_id = $1) + (select count(*) from auth_events where email = $2) as left`,
      [user.id, user.email.toLowerCase()],
    );
    expect(Number(rows[0].left)).toBe(0);
    // Nobody can sign in to it any more.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: testPassword },
    });
    expect(login.statusCode).toBe(401);
  });
});
