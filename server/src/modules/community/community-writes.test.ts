import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityImageUploadSchema, communityPostSchema, communityThreadSchema } from '@uplift/contracts';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { multipartContentType, multipartFile } from '../../../test/multipart.ts';
import { seedCommunity } from '../../seed/community.ts';

let t: TestApp;
let dataDir: string;
type Caller = Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'uplift-community-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  await seedCommunity(t.db);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const member = () => signedInAs(t.app, t.db, 'member-tier-1');

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: Caller, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

const upload = (bytes: Buffer, who?: Caller) =>
  t.app.inject({
    method: 'POST',
    url: '/api/community/images',
    headers: { ...(who ? { cookie: who.cookie } : {}), 'content-type': multipartContentType },
    payload: multipartFile(bytes, 'photo.jpg', 'image/jpeg'),
  });

/** A camera photo with GPS and camera metadata, which must never reach other members. */
const cameraJpeg = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a6' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam' }, GPSIFD: { GPSLatitudeRef: 'N' } } as never)
    .toBuffer();

describe('posts with a client-chosen id (offline writing)', () => {
  it('creates the post under that id; a replay returns it once; another member cannot take the id', async () => {
    const ada = await member();
    const id = randomUUID();
    const first = await call('POST', '/api/community/posts', ada, {
      id,
      topicId: 'wins',
      body: 'Offline win',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(communityPostSchema.parse(first.json())).toMatchObject({ id, body: 'Offline win', mine: true });

    // A comment written offline names the post by that id, and lands on it.
    const comment = await call('POST', `/api/community/posts/${id}/comments`, ada, { body: 'And a note' });
    expect(comment.statusCode, comment.body).toBe(201);

    // The same post again (a replay whose answer was lost, without the idempotency key): still one post.
    const replay = await call('POST', '/api/community/posts', ada, {
      id,
      topicId: 'wins',
      body: 'Offline win',
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(id);
    const thread = communityThreadSchema.parse((await call('GET', `/api/community/posts/${id}`)).json());
    expect(thread.post.commentCount).toBe(1);
    const feed = (await call('GET', '/api/community/posts?topic=wins&limit=50')).json();
    expect(feed.items.filter((post: { id: string }) => post.id === id)).toHaveLength(1);

    const bo = await member();
    const taken = await call('POST', '/api/community/posts', bo, { id, topicId: 'wins', body: 'Mine now' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBeTruthy();
    expect(
      (await call('POST', '/api/community/posts', ada, { id: 'not-a-uuid', topicId: 'wins', body: 'x' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('comments with a client-chosen id (offline writing)', () => {
  it('creates the comment under that id; a replay returns it once; no one else, nor another post, takes the id', async () => {
    const ada = await member();
    const postId = randomUUID();
    await call('POST', '/api/community/posts', ada, { id: postId, topicId: 'wins', body: 'A post' });
    const id = randomUUID();
    const send = (who: Caller, onPost = postId) =>
      call('POST', `/api/community/posts/${onPost}/comments`, who, { id, body: 'Written on the bus' });

    const first = await send(ada);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ id, body: 'Written on the bus', mine: true });
    const replay = await send(ada);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(id);
    const thread = communityThreadSchema.parse((await call('GET', `/api/community/posts/${postId}`)).json());
    expect(thread.comments.map((comment) => comment.id)).toEqual([id]);
    expect(thread.post.commentCount).toBe(1);

    expect((await send(await member())).statusCode).toBe(409);
    const otherPost = randomUUID();
    await call('POST', '/api/community/posts', ada, { id: otherPost, topicId: 'wins', body: 'Another' });
    const moved = await send(ada, otherPost);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toBe('A comment with this id already exists.');
  });
});

describe('post images', () => {
  it('re-encodes the upload without metadata, shows it to its uploader, then to all on the post with alt text', async () => {
    const ada = await member();
    expect((await upload(await cameraJpeg())).statusCode).toBe(401);

    const uploaded = await upload(await cameraJpeg(), ada);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = communityImageUploadSchema.parse(uploaded.json());
    // Not posted yet: its uploader's composer shows it, nobody else sees it.
    expect((await call('GET', image.url)).statusCode).toBe(404);
    const draft = await call('GET', image.url, ada);
    expect(draft.statusCode).toBe(200);
    const metadata = await sharp(draft.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();

    const created = await call('POST', '/api/community/posts', ada, {
      topicId: 'wins',
      body: 'My new workshop',
      image: { key: image.key, alt: 'A green workshop wall' },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Posted: everyone's, kept a minute at most so a takedown takes effect (decision 0051).
    const file = await call('GET', image.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    const post = communityPostSchema.parse(created.json());
    expect(post.image).toEqual({ url: image.url, alt: 'A green workshop wall' });
    const thread = communityThreadSchema.parse((await call('GET', `/api/community/posts/${post.id}`)).json());
    expect(thread.post.image?.alt).toBe('A green workshop wall');

    // Deleted, the picture goes with the text.
    expect((await call('DELETE', `/api/community/posts/${post.id}`, ada)).statusCode).toBe(200);
    const gone = communityThreadSchema.parse((await call('GET', `/api/community/posts/${post.id}`)).json());
    expect(gone.post.image).toBeNull();
  });

  it('refuses what is not an image, an image never uploaded, and a missing alt text', async () => {
    const ada = await member();
    const fake = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), ada);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toMatch(/not an image we can read/);

    const unknown = await call('POST', '/api/community/posts', ada, {
      topicId: 'wins',
      body: 'Look',
      image: { key: 'a'.repeat(32), alt: 'Nothing' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/not uploaded/);

    const key = communityImageUploadSchema.parse((await upload(await cameraJpeg(), ada)).json()).key;
    const noAlt = await call('POST', '/api/community/posts', ada, {
      topicId: 'wins',
      body: 'Look',
      image: { key, alt: '  ' },
    });
    expect(noAlt.statusCode).toBe(400);
  });
});
