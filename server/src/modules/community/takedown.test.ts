import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityImageUploadSchema, communityPostSchema } from '@uplift/contracts';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { multipartContentType, multipartFile } from '../../../test/multipart.ts';
import { loadConfig } from '../../config.ts';
import { seedCommunity } from '../../seed/community.ts';
import { createStorage } from '../storage/index.ts';
import { createPostImages } from './post-image.ts';

let t: TestApp;
let dataDir: string;
type Caller = Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'uplift-takedown-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  await seedCommunity(t.db);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const member = () => signedInAs(t.app, t.db, 'member-tier-1');
const admin = () => signedInAs(t.app, t.db, 'admin');

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who?: Caller,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

let shade = 0;
/** A different picture each call, so each has its own content hash. */
const picture = () => {
  shade += 1;
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 90, b: 40 } } })
    .png()
    .toBuffer();
};

async function upload(who: Caller, bytes?: Buffer) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/community/images',
    headers: { cookie: who.cookie, 'content-type': multipartContentType },
    payload: multipartFile(bytes ?? (await picture()), 'photo.png', 'image/png'),
  });
  expect(response.statusCode, response.body).toBe(201);
  return communityImageUploadSchema.parse(response.json());
}

async function postWithImage(who: Caller, key: string) {
  const created = await call('POST', '/api/community/posts', who, {
    topicId: 'wins',
    body: 'With a picture',
    image: { key, alt: 'A picture' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return communityPostSchema.parse(created.json());
}

const hide = (who: Caller, postId: string, commentId?: string) =>
  call('POST', '/api/admin/moderation/decisions', who, { postId, commentId, decision: 'hide' });

describe('moderation takes a post image down (issue 40.5)', () => {
  it('a hidden post’s image answers 404 to all but admins and its author, and is never cached for a year', async () => {
    const ada = await member();
    const bo = await member();
    const boss = await admin();
    const image = await upload(ada);
    const post = await postWithImage(ada, image.key);

    const visible = await call('GET', image.url);
    expect(visible.statusCode).toBe(200);
    expect(visible.headers['cache-control']).not.toMatch(/immutable|max-age=31536000/);

    expect((await hide(boss, post.id)).statusCode).toBe(200);
    const anonymous = await call('GET', image.url);
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json().error.code).toBeTruthy();
    expect((await call('GET', image.url, bo)).statusCode).toBe(404);
    const forAdmin = await call('GET', image.url, boss);
    expect(forAdmin.statusCode).toBe(200);
    // Signed-in answers are no-store anyway (plugins/cache-control.ts); never public.
    expect(forAdmin.headers['cache-control']).toMatch(/no-store/);
    expect((await call('GET', image.url, ada)).statusCode).toBe(200);

    // Restored, it shows again: the takedown was not a one-way cache state.
    const restored = await call('POST', '/api/admin/moderation/decisions', boss, {
      postId: post.id,
      decision: 'restore',
    });
    expect(restored.statusCode).toBe(200);
    expect((await call('GET', image.url)).statusCode).toBe(200);
  });

  it('a deleted post’s image is removed from storage', async () => {
    const ada = await member();
    const image = await upload(ada);
    const post = await postWithImage(ada, image.key);
    expect((await call('DELETE', `/api/community/posts/${post.id}`, ada)).statusCode).toBe(200);
    expect((await call('GET', image.url)).statusCode).toBe(404);
    const storage = await createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    expect(await createPostImages(storage, t.db).exists(image.key)).toBe(false);
  });

  it('a post may only name an image its author uploaded', async () => {
    const ada = await member();
    const bo = await member();
    const image = await upload(ada);
    const taken = await call('POST', '/api/community/posts', bo, {
      topicId: 'wins',
      body: 'Not my picture',
      image: { key: image.key, alt: 'Someone else’s' },
    });
    expect(taken.statusCode).toBe(403);
    expect(taken.json().error.message).toMatch(/uploaded yourself/);
    // Its uploader may.
    await postWithImage(ada, image.key);
  });

  it('an image taken down with its post cannot be posted again', async () => {
    const ada = await member();
    const boss = await admin();
    const image = await upload(ada);
    const post = await postWithImage(ada, image.key);
    expect((await hide(boss, post.id)).statusCode).toBe(200);
    const again = await call('POST', '/api/community/posts', ada, {
      topicId: 'wins',
      body: 'Again',
      image: { key: image.key, alt: 'The same' },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toMatch(/taken down/);
  });
});

interface EventRow extends Record<string, unknown> {
  type: string;
  audience_user_id: string | null;
}

const eventsAbout = async (postId: string, sinceId: number) =>
  (
    await t.db.execute<EventRow>(sql`
      select type, audience_user_id from live_events
      where id > ${sinceId} and payload->>'postId' = ${postId} order by id`)
  ).rows;
const lastEventId = async () =>
  (await t.db.execute<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from live_events`)).rows[0]
    ?.id ?? 0;

describe('events about a hidden post (issue 40.9)', () => {
  it('go to its author only, never to everyone', async () => {
    const ada = await member();
    const boss = await admin();
    const created = await call('POST', '/api/community/posts', ada, { topicId: 'wins', body: 'Soon hidden' });
    const post = communityPostSchema.parse(created.json());
    const comment = await call('POST', `/api/community/posts/${post.id}/comments`, ada, { body: 'First' });
    expect(comment.statusCode).toBe(201);
    expect((await hide(boss, post.id)).statusCode).toBe(200);

    const since = await lastEventId();
    expect(
      (await call('POST', `/api/community/posts/${post.id}/comments`, ada, { body: 'More' })).statusCode,
    ).toBe(201);
    expect((await call('PUT', `/api/community/posts/${post.id}/reactions/like`, ada)).statusCode).toBe(200);
    expect((await call('PUT', `/api/community/posts/${post.id}/reactions/like`, boss)).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/api/community/posts/${post.id}`, ada, { body: 'Edited while hidden' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', `/api/community/comments/${comment.json().id}`, ada, { body: 'x' })).statusCode,
    ).toBe(200);
    expect((await hide(boss, post.id, comment.json().id)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/community/comments/${comment.json().id}`, ada)).statusCode).toBe(200);

    const sent = await eventsAbout(post.id, since);
    expect(sent.length).toBeGreaterThanOrEqual(6);
    for (const event of sent) expect(event.audience_user_id, event.type).toBe(ada.user.id);
  });
});

interface AuditRow extends Record<string, unknown> {
  action: string;
  actor_id: string | null;
  subject_id: string;
}

describe('an admin deleting a member’s post or comment (issue 40.12)', () => {
  it('is audited; an author deleting their own is not', async () => {
    const ada = await member();
    const boss = await admin();
    const post = communityPostSchema.parse(
      (
        await call('POST', '/api/community/posts', ada, { topicId: 'wins', body: 'Rule-breaking words' })
      ).json(),
    );
    const comment = (
      await call('POST', `/api/community/posts/${post.id}/comments`, ada, { body: 'Rude' })
    ).json();
    const own = (
      await call('POST', `/api/community/posts/${post.id}/comments`, ada, { body: 'Mine' })
    ).json();

    expect((await call('DELETE', `/api/community/comments/${own.id}`, ada)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/community/comments/${comment.id}`, boss)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/community/posts/${post.id}`, boss)).statusCode).toBe(200);

    const rows = (
      await t.db.execute<AuditRow>(sql`
        select action, actor_id, subject_id from audit_log
        where subject_id in (${post.id}, ${comment.id}, ${own.id}) order by created_at, id`)
    ).rows;
    expect(rows).toEqual([
      { action: 'comment.delete', actor_id: boss.user.id, subject_id: comment.id },
      { action: 'post.delete', actor_id: boss.user.id, subject_id: post.id },
    ]);
  });
});

describe('post images never posted (issue 40.14)', () => {
  it('are removed a day after their upload by the sweep; posted and recent ones stay', async () => {
    const ada = await member();
    const unposted = await upload(ada);
    const posted = await upload(ada);
    await postWithImage(ada, posted.key);
    await t.db.execute(sql`
      update community_post_images set uploaded_at = now() - interval '25 hours'
      where key in (${unposted.key}, ${posted.key})`);
    const recent = await upload(ada);

    const storage = await createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const images = createPostImages(storage, t.db);
    expect(await images.sweepUnposted()).toBe(1);

    expect(await images.exists(unposted.key)).toBe(false);
    expect(await images.exists(posted.key)).toBe(true);
    expect(await images.exists(recent.key)).toBe(true);
    const refused = await call('POST', '/api/community/posts', ada, {
      topicId: 'wins',
      body: 'Too late',
      image: { key: unposted.key, alt: 'Gone' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('the sweep is scheduled on the job queue, once across instances', async () => {
    const schedules = await t.db.execute<{ name: string; cron: string }>(
      sql`select name, cron from pgboss.schedule where name = 'community-image-sweep'`,
    );
    expect(schedules.rows).toHaveLength(1);
  });
});
