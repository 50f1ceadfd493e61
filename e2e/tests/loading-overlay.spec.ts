import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, ownAddress, phone, seededAdmin } from './support/phone.ts';

/** Issue 44.18, decision 0111: real waits show the loading overlay with SPEC's stage and progress. */
test.use(phone);

async function memberPhone(browser: Browser, next: string) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = {
    displayName: `Lena ${tag}`,
    email: `lena-${tag}@loading-overlay.e2e.test`,
    password: `amber-harbour-${tag}`,
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
  // '/profile' goes on at once to the member's own '/profile/<id>': wait for either, not for a passing moment.
  await page.waitForURL((url) => url.pathname === next || url.pathname.startsWith(`${next}/`));
  return { page, context };
}

/** Holds requests to `url` at the network until released: on localhost an upload is otherwise instant. */
async function hold(page: Page, url: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  return release;
}

test('a slow photo upload shows the loading overlay until the photo is stored; axe-clean', async ({
  browser,
}) => {
  const { page, context } = await memberPhone(browser, '/profile');
  await page.getByLabel('Photo file').setInputFiles('fixtures/portrait.png');
  await expect(page.getByRole('img', { name: 'Your new photo, cropped to a square' })).toBeVisible();

  const release = await hold(page, '**/api/profile/upload-image');
  await page.getByRole('button', { name: 'Use this photo' }).click();
  const overlay = page.getByRole('progressbar', { name: 'Uploading your photo...', exact: true });
  await expect(overlay).toBeVisible();
  await expectNoAxeViolations(page, []);

  release();
  await expect(page.getByText('Your photo is updated.')).toBeVisible();
  // SPEC: the overlay lingers 300 ms at 100 %, then goes.
  await expect(overlay).toHaveCount(0);
  await context.close();
});

test("a post image's upload can be cancelled from the overlay", async ({ browser }) => {
  const { page, context } = await memberPhone(browser, '/community');
  const composer = page.getByRole('form', { name: 'New post' });
  const release = await hold(page, '**/api/community/images');

  const chooser = page.waitForEvent('filechooser');
  await composer.getByRole('button', { name: 'Add image' }).click();
  await (await chooser).setFiles('fixtures/portrait.png');
  await expect(page.getByRole('progressbar', { name: 'Uploading the image...', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: 'Uploading the image...', exact: true })).toHaveCount(0);
  // The image is off the post, as "Remove image" would have done.
  await expect(composer.getByRole('button', { name: 'Add image' })).toBeVisible();
  await expect(composer.getByRole('img')).toHaveCount(0);
  release();
  await context.close();
});

test("the member's data export and the admin's CSV wait on the overlay, from 10 %, until the file is saved", async ({
  browser,
}) => {
  const { page, context } = await memberPhone(browser, '/profile-client');
  const releaseExport = await hold(page, '**/api/account/export');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const preparing = page.getByRole('progressbar', { name: 'Preparing your data...', exact: true });
  await expect(preparing).toBeVisible();
  // SPEC §9: 10 % at once, rising in 100 ms steps; held below 100 % while the server has not answered.
  await expect(preparing).toHaveAttribute('aria-valuenow', '90');
  releaseExport();
  await download;
  await expect(preparing).toHaveCount(0);
  await context.close();

  const admin = await browser.newContext(phone);
  const adminPage = await admin.newPage();
  await adminPage.goto(`/login?redirectTo=${encodeURIComponent('/admin/users')}`);
  await adminPage.getByRole('textbox', { name: 'Email' }).fill(seededAdmin.email);
  await adminPage.getByLabel('Password', { exact: true }).fill(seededAdmin.password);
  await adminPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(adminPage).toHaveURL('/admin/users');
  const releaseCsv = await hold(adminPage, '**/api/users/export.csv**');
  const csv = adminPage.waitForEvent('download');
  await adminPage.getByRole('button', { name: 'Export CSV' }).click();
  const overlay = adminPage.getByRole('progressbar', { name: 'Preparing the CSV...', exact: true });
  await expect(overlay).toBeVisible();
  releaseCsv();
  expect((await csv).suggestedFilename()).toMatch(/^uplift-members-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(overlay).toHaveCount(0);
  await admin.close();
});

test('a page whose code is slow to arrive shows the overlay until it opens', async ({ browser }) => {
  // No service worker: its cache would answer before the network this test slows down.
  const context = await browser.newContext({ ...phone, serviceWorkers: 'block' });
  const page = await context.newPage();
  // The Community page's code is held at the network, as on a slow connection.
  const release = await hold(page, '**/assets/CommunityPage-*.js');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Get started' })
    .getByRole('link', { name: /^Community Hub/ })
    .click();
  const opening = page.getByRole('progressbar', { name: 'Opening the page...', exact: true });
  await expect(opening).toBeVisible();
  release();
  await expect(page).toHaveURL('/community');
  await expect(opening).toHaveCount(0);
  await context.close();
});
