import { expect, test, type Browser } from '@playwright/test';
import { expectNoAxeViolations, phone, ownAddress } from './support/phone.ts';

test.use(phone);

/** A new member on a phone of their own (a browser context), signed in through the screens. */
async function memberPhone(browser: Browser, name: string, next: string) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = {
    displayName: `${name} ${tag}`,
    email: `${name.toLowerCase()}-${tag}@community-offline.e2e.test`,
    password: `harbour-lantern-${tag}`,
  };
  const context = await browser.newContext(phone);
  expect(
    (await context.request.post('/api/auth/register', { data: member, headers: ownAddress() })).ok(),
  ).toBe(true);
  await context.clearCookies();
  const page = await context.newPage();
  await page.goto(`/login?redirectTo=${encodeURIComponent(next)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(next);
  return { page, context, member, tag };
}

test('offline, a post and a comment on it wait in order, survive a reload and appear once online', async ({
  browser,
}) => {
  const { page, context, member, tag } = await memberPhone(browser, 'Ada', '/community');
  await expect(page.getByRole('heading', { level: 1, name: 'Community Hub' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  // The app shell must be cached by the service worker before the network goes.
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);

  await context.setOffline(true);
  const indicator = page.getByRole('complementary', { name: 'Connection status' });
  await expect(indicator.getByRole('status')).toHaveText(/You're offline\./);

  const first = `First offline post ${tag}`;
  const second = `Second offline post ${tag}`;
  for (const text of [first, second]) {
    await page.getByRole('textbox', { name: 'Your post' }).fill(text);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Your post' })).toHaveValue('');
  }
  const pendingPosts = page.getByRole('list', { name: 'Pending posts' }).getByRole('listitem');
  await expect(pendingPosts).toHaveCount(2);
  // In the order written, each marked Pending.
  await expect(pendingPosts.nth(0)).toContainText(first);
  await expect(pendingPosts.nth(1)).toContainText(second);
  await expect(pendingPosts.nth(0)).toContainText('Pending');

  // Its author can open the post that does not exist on the server yet, and comment on it.
  await pendingPosts.nth(0).getByRole('link', { name: 'Open pending post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Community post' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Pending post' })).toContainText(first);
  const comment = `A comment written offline ${tag}`;
  await page.getByRole('textbox', { name: 'Add a comment' }).fill(comment);
  await page.getByRole('button', { name: 'Send' }).click();
  const pendingComment = page.getByText(comment);
  await expect(pendingComment).toBeVisible();
  await expectNoAxeViolations(page);

  // Still offline: the reload comes from the service worker; the queue from IndexedDB.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('article', { name: 'Pending post' })).toContainText(first);
  await expect(pendingComment).toBeVisible();
  await expect(indicator).toHaveText(/3 actions waiting to sync/);

  // Back online: sent in the order written (first post, second post, the comment on the first); each once.
  await context.setOffline(false);
  const post = page.getByRole('article', { name: `Post by ${member.displayName}` });
  await expect(post).toContainText(first, { timeout: 30_000 });
  await expect(page.getByRole('article', { name: `Comment by ${member.displayName}` })).toContainText(
    comment,
  );
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to the community' }).click();
  await expect(page.getByRole('list', { name: 'Pending posts' })).toHaveCount(0);
  const mine = page.getByRole('article', { name: `Post by ${member.displayName}` });
  await expect(mine).toHaveCount(2);
  // Newest first: the second post was sent after the first.
  await expect(mine.nth(0)).toContainText(second);
  await expect(mine.nth(1)).toContainText(first);
  await expect(mine.nth(1).getByRole('link', { name: /1 comment/ })).toBeVisible();

  // Exactly once on the server, in the order written.
  const found = await page.request.get(`/api/community/posts?q=${encodeURIComponent(tag)}`);
  const items = ((await found.json()) as { items: Array<{ body: string; id: string; createdAt: string }> })
    .items;
  expect(items.map((item) => item.body)).toEqual([second, first]);
  const thread = await page.request.get(`/api/community/posts/${items[1]!.id}`);
  const { comments } = (await thread.json()) as { comments: Array<{ body: string; createdAt: string }> };
  expect(comments.map((item) => item.body)).toEqual([comment]);
  expect(Date.parse(items[0]!.createdAt)).toBeGreaterThan(Date.parse(items[1]!.createdAt));
  expect(Date.parse(comments[0]!.createdAt)).toBeGreaterThan(Date.parse(items[0]!.createdAt));
  await context.close();
});

/** A 2×2 PNG, as a phone's picture would arrive (the server re-encodes it as WebP). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGPQWGADRAwQCgAcLgQRBcjnrgAAAABJRU5ErkJggg==',
  'base64',
);

test('a member adds an image with a description to a post; it shows with its alt text', async ({
  browser,
}) => {
  const { page, context, member, tag } = await memberPhone(browser, 'Bea', '/community');
  const composer = page.getByRole('form', { name: 'New post' });
  await expect(composer).toBeVisible();

  // Chosen, previewed, then removed: the composer is back to "Add image".
  const choose = async () => {
    const chooser = page.waitForEvent('filechooser');
    await composer.getByRole('button', { name: 'Add image' }).click();
    await (await chooser).setFiles({ name: 'garden.png', mimeType: 'image/png', buffer: png });
  };
  await choose();
  await expect(composer.getByRole('img', { name: 'Preview of the image you chose' })).toBeVisible();
  await composer.getByRole('button', { name: 'Remove image' }).click();
  await expect(composer.getByRole('img')).toHaveCount(0);

  await choose();
  await composer.getByRole('textbox', { name: /Describe the image/ }).fill(`Our community garden ${tag}`);
  await composer.getByRole('textbox', { name: 'Your post' }).fill(`Planted the first beds ${tag}`);
  await expect(composer.getByRole('button', { name: 'Post', exact: true })).toBeEnabled();
  await expectNoAxeViolations(page);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();

  const post = page.getByRole('article', { name: `Post by ${member.displayName}` });
  const image = post.getByRole('img', { name: `Our community garden ${tag}` });
  await expect(image).toBeVisible();
  // Really served (re-encoded) by the server, not the local preview.
  await expect(image).toHaveAttribute('src', /^\/api\/uploads\/[0-9a-f]{32}-post\.webp$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await context.close();
});
