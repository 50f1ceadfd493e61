import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

async function expectNoAxeViolations(page: Page) {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations, `at ${width} px`).toEqual([]);
  }
}

/** A fresh member, registered through the API, then signed in through the screens. */
async function signInAsNewMember(page: Page) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const member = {
    displayName: `Vida Tester${id}`,
    email: `videos-${id}@e2e.test`,
    password: `amber-reel-${id}`,
  };
  const registered = await page.request.post('/api/auth/register', { data: member });
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
  }));

test('Home greets visitors with the featured slider and shorts, axe-clean at 320 and 390 px', async ({
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
  test.setTimeout(60_000);
  await signInAsNewMember(page);
  await page.getByRole('link', { name: /Your first 90 days in a new role/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your first 90 days in a new role' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Play video' }).click();
  const video = page.getByLabel('Your first 90 days in a new role');
  await expect.poll(async () => (await playback(video)).time, { timeout: 25_000 }).toBeGreaterThan(2);

  const saved = page.waitForResponse(
    (response) => response.url().includes('/progress') && response.request().method() === 'PUT',
  );
  await video.evaluate((element: HTMLVideoElement) => element.pause());
  const progress = (await (await saved).json()) as { positionSeconds: number; watchedSeconds: number };
  expect(progress.positionSeconds).toBeGreaterThan(2);
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

  // A real upward swipe of a finger on the screen.
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y?: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: y === undefined ? [] : [{ x: 200, y }] });
  await touch('touchStart', 700);
  for (let y = 650; y >= 150; y -= 50) await touch('touchMove', y);
  await touch('touchEnd');
  await expect.poll(async () => (await playback(secondVideo)).paused, { timeout: 10_000 }).toBe(false);
  await expect.poll(async () => (await playback(firstVideo)).paused).toBe(true);
  await expect.poll(async () => (await playback(secondVideo)).time, { timeout: 10_000 }).toBeGreaterThan(0.3);

  const sound = second.getByRole('button', { name: 'Sound' });
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
  await sound.tap();
  await expect(sound).toHaveAttribute('aria-pressed', 'true');
  expect((await playback(secondVideo)).muted).toBe(false);
});
