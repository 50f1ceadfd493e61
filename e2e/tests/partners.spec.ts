import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, ownAddress } from './support/phone.ts';

/** A fresh member, registered through the API so the test signs in through the screens. */
async function newMember(request: APIRequestContext) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const member = {
    displayName: `Partner Tester ${id}`,
    email: `partners-${id}@e2e.test`,
    password: `amber-canal-${id}`,
  };
  expect((await request.post('/api/auth/register', { data: member, headers: ownAddress() })).ok()).toBe(true);
  return member;
}

const results = (page: Page) =>
  page.getByRole('link').filter({ has: page.getByRole('heading', { level: 3 }) });

test('visitors search and filter the directory, axe-clean at 320 and 412 px', async ({ page }) => {
  await page.goto('/partners');
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^\d+ partners$/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('searchbox', { name: 'Search partners' }).fill('bookkeeping payroll');
  await expect(results(page).first()).toContainText('Temple Quay Finance Academy');

  await page.getByRole('searchbox', { name: 'Search partners' }).fill('');
  await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Funder' }).click();
  await expect(page.getByRole('button', { name: 'Funder' })).toHaveAttribute('aria-pressed', 'true');
  await expect(results(page).first()).toContainText('Funder');
  const count = await results(page).count();
  for (let index = 0; index < count; index += 1)
    await expect(results(page).nth(index)).toContainText('Funder');
});

test('"Near me" orders by distance when allowed and says so plainly when denied', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  // Bristol Temple Meads.
  await context.setGeolocation({ latitude: 51.4491, longitude: -2.5813 });
  await page.goto('/partners');
  await page.getByRole('button', { name: 'Near me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sorted by distance' })).toBeVisible();
  await expect(results(page).first()).toContainText('Bristol');
  await expect(results(page).first()).toContainText(/\d+(\.\d)? km away/);
  await expect(results(page).filter({ hasText: 'Leeds' })).toHaveCount(0);

  await context.clearPermissions();
  await page.reload();
  await page.getByRole('button', { name: 'Near me' }).click();
  await expect(
    page.getByText('Location permission was denied, so partners are not sorted by distance.'),
  ).toBeVisible();
  await expect(results(page).first()).toBeVisible();
  await expect(page.getByText(/km away/)).toHaveCount(0);
});

test('a member connects (signing in on the way), and a request sent offline is delivered once', async ({
  page,
  context,
  request,
}) => {
  const member = await newMember(request);
  await page.goto('/partners?q=canalside');
  await results(page).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Canalside Code School' })).toBeVisible();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Canalside Code School' })).toBeVisible();

  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect with Canalside Code School' });
  await dialog
    .getByRole('textbox', { name: 'Message' })
    .fill('I would like to join the evening Python course.');
  await dialog.getByRole('radio', { name: 'In the app' }).check();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('alert')).toContainText('agree to share your profile');
  await expect(page).toHaveURL(/\/partners\//);
  await expectNoAxeViolations(page);
  await dialog.getByRole('checkbox', { name: /Share my profile/ }).check();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  const yourRequests = page.getByRole('region', { name: 'Your requests' });
  await expect(yourRequests.getByText('Pending')).toBeVisible();

  // Offline: open another partner first (cached for the reload), then send.
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await page.goto('/partners?q=lantern');
  await results(page).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lantern Money Advice' })).toBeVisible();
  const partnerUrl = page.url();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const offlineDialog = page.getByRole('dialog', { name: 'Connect with Lantern Money Advice' });
  await offlineDialog.getByRole('textbox', { name: 'Message' }).fill('Could we talk about a budget plan?');
  await offlineDialog.getByRole('checkbox', { name: /Share my profile/ }).check();
  await offlineDialog.getByRole('button', { name: 'Send request' }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Saved for Later').first(),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Your requests' }).getByText('Waiting to send'),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Lantern Money Advice' })).toBeVisible();
  await expect(page.getByText('Waiting to send')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Your requests' }).getByText('Pending')).toBeVisible({
    timeout: 30_000,
  });
  expect(page.url()).toBe(partnerUrl);

  const mine = await page.request.get('/api/partners/my-requests');
  const items = ((await mine.json()) as { items: Array<{ partnerName: string; status: string }> }).items;
  expect(items.filter((item) => item.partnerName === 'Lantern Money Advice')).toHaveLength(1);
  expect(items.map((item) => item.status)).toEqual(['pending', 'pending']);
});
