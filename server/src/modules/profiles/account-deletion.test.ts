import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communityThreadSchema,
  formerMemberName,
  profileImageResponseSchema,
  type CommunityPost,
} from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs, testPassword } from '../../../test/accounts.ts';
import { multipartContentType, multipartFile } from '../../../test/multipart.ts';
import { memberOutcomes, memberPreferences, profiles } from '../../db/schema.ts';
import { seedCommunity } from '../../seed/community.ts';

/** Whichever way an account goes, the member's personal data goes with it and their posts stay, unnamed. */
describe('deleting an account, by the member or by an admin', () => {
  let t: TestApp;
  let dataDir: string;
  const uploadedFiles = () => readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[]);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'uplift-deletion-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    await seedCommunity(t.db);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A member with a photo, an outcome, changed preferences and a community post. */
  async function memberWithData() {
    const member = await signedInAs(t.app, t.db, 'member-tier-1');
    const { cookie } = member;
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-image',
      headers: { cookie, 'content-type': multipartContentType },
      payload: multipartFile(image, 'me.png', 'image/png'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const photo = profileImageResponseSchema.parse(uploaded.json()).photo!;
    const photoFiles = Object.values(photo).map((url) => url.split('?')[0]!.split('/').pop()!);
    expect(await uploadedFiles()).toEqual(expect.arrayContaining(photoFiles));

    const writes = [
      { method: 'POST', url: '/api/profile/outcomes', payload: { type: 'raise', occurredOn: '2026-01-15' } },
      { method: 'PATCH', url: '/api/settings/preferences', payload: { haptics: { navigation: false } } },
    ] as const;
    for (const write of writes) {
      const response = await t.app.inject({ ...write, headers: { cookie } });
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/community/posts',
      headers: { cookie },
      payload: { topicId: 'wins', body: 'My first week in the new job' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    return { ...member, photo, photoFiles, post: posted.json() as CommunityPost };
  }

  /** Everything the member left behind is gone; the post others read is still there, by "Former member". */
  async function expectGone(member: Awaited<ReturnType<typeof memberWithData>>) {
    const userId = member.user.id;
    const left = await uploadedFiles();
    expect(left.filter((name) => member.photoFiles.includes(name))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: member.photo.avatar })).statusCode).toBe(404);
    expect(await t.db.select().from(memberOutcomes).where(eq(memberOutcomes.userId, userId))).toEqual([]);
    expect(await t.db.select().from(memberPreferences).where(eq(memberPreferences.userId, userId))).toEqual(
      [],
    );
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, userId))).toEqual([]);

    const reader = await signedInAs(t.app, t.db, 'member-tier-1');
    for (const headers of [{}, { cookie: reader.cookie }]) {
      const thread = await t.app.inject({
        method: 'GET',
        url: `/api/community/posts/${member.post.id}`,
        headers,
      });
      expect(thread.statusCode).toBe(200);
      const { post } = communityThreadSchema.parse(thread.json());
      expect(post.body).toBe('My first week in the new job');
      expect(post.author).toEqual({ id: null, name: formerMemberName, avatarUrl: null });
    }
  }

  it('removes photo files, outcomes and preferences when the member deletes the account', async () => {
    const member = await memberWithData();
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: member.cookie },
      payload: { password: testPassword },
    });
    expect(response.statusCode, response.body).toBe(200);
    await expectGone(member);
  });

  it('removes the same when an admin deletes the member', async () => {
    const member = await memberWithData();
    const admin = await signedInAs(t.app, t.db, 'admin');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${member.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    await expectGone(member);
  });
});
