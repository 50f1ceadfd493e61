import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, ownAddress } from './support/phone.ts';

/** A fresh member, registered through the API so the test signs in through the screens. */
async function newMember(request: APIRequestContext, name = 'Profile Tester') {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const member = {
    displayName: `${name} ${id}`,
    email: `a-rather-long-address-for-wrapping-${id}@profiles.e2e.test`,
    password: `copper-meadow-${id}`,
  };
  const response = await request.post('/api/auth/register', { data: member, headers: ownAddress() });
  expect(response.ok()).toBe(true);
  const { user } = (await response.json()) as { user: { id: string } };
  return { ...member, id: user.id };
}

async function signIn(page: Page, member: { email: string; password: string }, next = '/profile') {
  await page.goto(`/login?redirectTo=${encodeURIComponent(next)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('a member edits the profile and another member sees it; axe-clean at 320 and 412 px', async ({
  page,
  browser,
  request,
}) => {
  const owner = await newMember(request, 'Owner');
  await signIn(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: owner.displayName })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByRole('textbox', { name: 'Headline' }).fill('Warehouse lead learning data');
  await page.getByRole('combobox', { name: 'Industry' }).selectOption({ label: 'Transport and logistics' });
  await page.getByRole('textbox', { name: 'City' }).fill('Rotterdam');
  await page.getByRole('checkbox', { name: 'Data and analytics' }).check();
  await page.getByRole('textbox', { name: 'Link 1 name' }).fill('Portfolio');
  await page.getByRole('textbox', { name: 'Link 1 address' }).fill('http://insecure.example.org');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Use a full https:// address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Link 1 address' }).fill('https://portfolio.example.org');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile is saved.' })).toBeVisible();

  const other = await newMember(request, 'Viewer');
  const second = await freshPage(browser);
  await signIn(second.page, other, `/profile/${owner.id}`);
  await expect(second.page.getByRole('heading', { level: 1, name: owner.displayName })).toBeVisible();
  await expect(second.page.getByText('Warehouse lead learning data')).toBeVisible();
  await expect(second.page.getByText('Rotterdam')).toBeVisible();
  await expect(second.page.getByRole('link', { name: 'Portfolio' })).toHaveAttribute(
    'href',
    'https://portfolio.example.org',
  );
  await expect(second.page.getByRole('button', { name: 'Edit profile' })).toHaveCount(0);
  await second.context.close();
});

test('a photo uploads with a progress bar and replaces the avatar', async ({ page, request }) => {
  const member = await newMember(request);
  await signIn(page, member);
  // The profile tab's photo is decorative (the tab is named "Profile Management"): role presentation.
  const tabPhoto = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Profile Management' })
    .getByRole('presentation');
  await expect(tabPhoto).toHaveCount(0);
  // A mark on this document: still there after the upload, so the page was never reloaded.
  await page.evaluate(() => Reflect.set(window, 'beforeUpload', true));
  await page.getByLabel('Photo file').setInputFiles('fixtures/portrait.png');
  await expect(page.getByRole('img', { name: 'Your new photo, cropped to a square' })).toBeVisible();

  // The upload is held at the network until the progress bar has been seen: on localhost it is too quick.
  let releaseUpload!: () => void;
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route('**/api/profile/upload-image', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Use this photo' }).click();
  await expect(page.getByRole('progressbar', { name: 'Uploading your photo', exact: true })).toBeVisible();
  releaseUpload();
  await expect(page.getByText('Your photo is updated.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Uploading your photo', exact: true })).toHaveCount(0);
  await page.unroute('**/api/profile/upload-image');
  const header = page.getByRole('img', { name: `Photo of ${member.displayName}` });
  await expect(header).toHaveAttribute('src', /\/api\/uploads\/[0-9a-f]{32}-header\.webp$/);
  // The navigation shows the new photo's avatar size without a reload. Choosing the file scrolled down to
  // it, which hides the bar (SPEC §3); back at the top it shows again.
  await page.evaluate(() => window.scrollTo(0, 0));
  const current = await page.request.get('/api/profile/image-url');
  const { photo } = (await current.json()) as { photo: { avatar: string } };
  await expect(tabPhoto).toHaveAttribute('src', photo.avatar);
  expect(await page.evaluate(() => Reflect.get(window, 'beforeUpload'))).toBe(true);

  await page
    .getByLabel('Photo file')
    .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image') });
  await page.getByRole('button', { name: 'Use this photo' }).click();
  await expect(page.getByRole('alert')).toContainText('not an image we can read');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('a haptic preference set on one device is found on another after sign-in', async ({
  page,
  browser,
  request,
}) => {
  const member = await newMember(request);
  await signIn(page, member, '/profile-client');
  const navigation = page
    .getByRole('region', { name: 'Haptics' })
    .getByRole('switch', { name: 'Navigation' });
  await expect(navigation).toBeChecked();
  await expectNoAxeViolations(page);
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/settings/preferences') && response.request().method() === 'PATCH',
  );
  await navigation.uncheck();
  await saved;

  const other = await freshPage(browser);
  await signIn(other.page, member, '/profile-client');
  await expect(
    other.page.getByRole('region', { name: 'Haptics' }).getByRole('switch', { name: 'Navigation' }),
  ).not.toBeChecked();
  await other.context.close();
});

test('reporting an outcome changes the impact panel; export downloads a JSON file', async ({
  page,
  request,
}) => {
  const member = await newMember(request);
  await signIn(page, member);
  const panel = page.getByRole('region', { name: 'Economic impact' });
  const outcomes = panel.getByRole('definition').nth(1);
  await expect(outcomes).not.toHaveText('');
  const before = (await outcomes.textContent()) ?? '';
  await page.getByRole('textbox', { name: /Yearly pay increase/ }).fill('4200');
  await page.getByRole('button', { name: 'Add outcome' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Raise added.' })).toBeVisible();
  await expect(outcomes).not.toHaveText(before);

  await page.goto('/profile-client');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^uplift-export-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(
    await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8'),
  ) as {
    account: { email: string };
    outcomes: unknown[];
  };
  expect(data.account.email).toBe(member.email);
  expect(data.outcomes).toHaveLength(1);
});
