import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, seededAdmin, ownAddress } from './support/phone.ts';

/** A fresh member, registered through the API, then signed in through the screens. */
async function signInAsNewMember(page: Page) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const member = {
    displayName: `Vida Tester${id}`,
    email: `videos-${id}@e2e.test`,
    password: `amber-reel-${id}`,
  };
  const registered = await page.request.post('/api/auth/register', { data: member, headers: ownAddress() });
  expect(registered.ok()).toBe(true);
  await page.request.post('/api/auth/logout');
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Vida' })).toBeVisible();
}

const playback = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => ({
    time: element.currentTime,
    paused: element.paused,
    muted: element.muted,
    readyState: element.readyState,
    networkState: element.networkState,
    error: element.error?.message ?? null,
  }));

test('Home greets visitors with the featured slider and shorts, axe-clean at 320 and 412 px', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Uplift' })).toBeVisible();
  const featured = page.getByRole('region', { name: 'Featured videos' }).first();
  await expect(featured.getByRole('link', { name: /Your first 90 days in a new role/ })).toBeVisible();
  // Premium videos are listed, locked.
  await expect(featured.getByRole('link', { name: /Premium.*Run a project on one page/ })).toBeAttached();
  await expect(page.getByRole('link', { name: /The two-minute rule for email/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Continue watching' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: /Premium.*Run a project on one page/ }).click();
  await expect(page.getByText('Premium video', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' }).last()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a featured video plays, and resumes where it stopped after a reload', async ({ page }) => {
  // Real decoding on a busy two-core machine can start slowly.
  await signInAsNewMember(page);
  await page.getByRole('link', { name: /Your first 90 days in a new role/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your first 90 days in a new role' }),
  ).toBeVisible();
  // Every save the server answered, in order. The pause sends one unless the player's own 15 s timer has
  // just saved this very position (CI once saw that on a busy machine: no second save came, rightly).
  const saves: Array<{ positionSeconds: number; watchedSeconds: number }> = [];
  page.on('response', (response) => {
    if (response.url().includes('/progress') && response.request().method() === 'PUT' && response.ok()) {
      void response.json().then((saved: (typeof saves)[number]) => saves.push(saved));
    }
  });
  await page.getByRole('button', { name: 'Play video' }).click();
  const video = page.getByLabel('Your first 90 days in a new role');
  await expect.poll(async () => (await playback(video)).time, { timeout: 25_000 }).toBeGreaterThan(2);

  await video.evaluate((element: HTMLVideoElement) => element.pause());
  await expect.poll(() => saves.at(-1)?.positionSeconds ?? 0).toBeGreaterThan(2);
  const progress = saves.at(-1)!;
  expect(progress.watchedSeconds).toBeGreaterThan(1.5);
  await expectNoAxeViolations(page);

  await page.reload();
  const resume = page.getByRole('button', { name: /^Resume from 0:0\d$/ });
  await expect(resume).toBeVisible();
  await resume.click();
  await expect
    .poll(async () => (await playback(video)).time, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(progress.positionSeconds - 0.5);
  expect((await playback(video)).paused).toBe(false);

  await page.getByRole('link', { name: 'Back to Home' }).click();
  const continueWatching = page.getByRole('region', { name: 'Continue watching' });
  await expect(
    continueWatching.getByRole('link', { name: /Your first 90 days in a new role/ }),
  ).toBeVisible();
});

test('shorts autoplay muted, swipe to the next one, and a tap turns the sound on', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Watch all' }).click();
  await expect(page).toHaveURL('/shorts');
  const first = page.getByRole('article', { name: /^Short 1 of \d+: The two-minute rule for email$/ });
  const second = page.getByRole('article', { name: /^Short 2 of \d+: Say no without burning bridges$/ });
  const firstVideo = first.getByLabel('The two-minute rule for email');
  const secondVideo = second.getByLabel('Say no without burning bridges');
  await expect.poll(async () => (await playback(firstVideo)).time, { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect(await playback(firstVideo)).toMatchObject({ paused: false, muted: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 412, height: 839 });

  // A real upward drag of a finger, past half the screen, held still for a moment before it lifts. Each event
  // carries its own time, so the gesture's speed is the same however unevenly a loaded machine delivers it,
  // and the snap lands on the next short by position alone.
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  let elapsed = 0;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y?: number, afterSeconds = 0.016) => {
    elapsed += afterSeconds;
    return cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: y === undefined ? [] : [{ x: 200, y }],
      timestamp: start + elapsed,
    });
  };
  await touch('touchStart', 750);
  for (let y = 730; y >= 150; y -= 20) await touch('touchMove', y);
  await touch('touchMove', 150, 0.3);
  await touch('touchEnd');
  await expect(second).toBeInViewport({ ratio: 0.9 });
  // The whole state in the message if it fails: whether the short was asked to play, and its media's.
  await expect
    .poll(() => playback(secondVideo), { timeout: 10_000 })
    .toMatchObject({ paused: false, muted: true });
  await expect.poll(async () => (await playback(firstVideo)).paused).toBe(true);
  await expect.poll(async () => (await playback(secondVideo)).time, { timeout: 10_000 }).toBeGreaterThan(0.3);

  const sound = second.getByRole('button', { name: 'Sound' });
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
  await sound.tap();
  await expect(sound).toHaveAttribute('aria-pressed', 'true');
  expect((await playback(secondVideo)).muted).toBe(false);
});

test('a premium video plays from its signed link where no session travels, as in the native shells', async ({
  page,
  baseURL,
  playwright,
}) => {
  // A member of the native app: the token comes in the body and goes in a bearer header.
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const member = {
    displayName: `Nia Shell${id}`,
    email: `shell-${id}@e2e.test`,
    password: `cobalt-reel-${id}`,
  };
  const native = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-client-platform': 'native' },
  });
  const registered = await native.post('/api/auth/register', { data: member, headers: ownAddress() });
  expect(registered.status()).toBe(201);
  const { user, token } = (await registered.json()) as { user: { id: string }; token: string };

  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: seededAdmin })).ok()).toBe(true);
  const promoted = await admin.patch(`/api/users/${user.id}`, {
    data: { role: 'member-tier-2' },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(promoted.ok()).toBe(true);

  const featured = await native.get('/api/videos/featured', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { items } = (await featured.json()) as { items: Array<{ title: string; mediaUrl: string | null }> };
  const mediaUrl = items.find((video) => video.title === 'Run a project on one page')?.mediaUrl;
  expect(mediaUrl).toMatch(/&exp=\d+&sig=[\w-]+$/);

  // This browser has no session at all, like a <video> in the shells: the signed link is enough…
  await page.goto('/');
  expect((await page.request.get(mediaUrl!.replace(/&.*$/, ''))).status()).toBe(401);
  expect((await page.request.get(mediaUrl!.replace(/sig=[\w-]+$/, `sig=${'A'.repeat(43)}`))).status()).toBe(
    403,
  );
  const time = () =>
    page.evaluate(() => document.querySelector<HTMLVideoElement>('video#signed')?.currentTime ?? 0);
  await page.evaluate(async (src) => {
    const video = document.createElement('video');
    Object.assign(video, { id: 'signed', src, muted: true, playsInline: true });
    document.body.append(video);
    await video.play();
  }, mediaUrl!);
  await expect.poll(time, { timeout: 25_000 }).toBeGreaterThan(0.5);
  await native.dispose();
  await admin.dispose();
});
