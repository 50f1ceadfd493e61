import { expect, test, type Locator, type Page } from '@playwright/test';
import { bar } from './support/bottomBar.ts';
import { expectNoAxeViolations, ownAddress, phone, seededAdmin as admin } from './support/phone.ts';

test.use({ ...phone, viewport: { width: 320, height: 700 } });

async function expectTouchTarget(target: Locator) {
  const box = await target.boundingBox();
  expect(box, 'laid out').not.toBeNull();
  expect(box!.width, 'width').toBeGreaterThanOrEqual(44);
  expect(box!.height, 'height').toBeGreaterThanOrEqual(44);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
}

const areas = [
  { link: 'Portal', heading: 'Admin Portal' },
  { link: 'Dashboard', heading: 'Admin Dashboard' },
  { link: 'Users', heading: 'Users' },
  { link: 'Moderation', heading: 'Moderation' },
  { link: 'Audit log', heading: 'Audit log' },
  { link: 'Notifications', heading: 'Notifications' },
  { link: 'Videos', heading: 'Videos' },
  { link: 'Partners', heading: 'Partners' },
];

test('on a 320 px phone every admin page shares one frame, and the seven-tab bar gives each tab 44 px', async ({
  page,
}) => {
  await page.goto('/login?redirectTo=%2Fadmin');
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Admin areas' });
  const menu = nav.getByRole('button', { name: 'Admin menu' });
  for (const area of areas) {
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const link = nav.getByRole('link', { name: area.link, exact: true });
    await expectTouchTarget(link);
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: area.heading })).toBeVisible();
    // The same frame on every page: the chosen area marked, the menu closed again, no bottom bar.
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(link).toHaveAttribute('aria-current', 'page');
    await menu.click();
    await expect(page.getByRole('link', { name: 'Back to the app' })).toBeVisible();
    await expect(bar(page)).toHaveCount(0);
    await expectTouchTarget(menu);
    await expectNoSidewaysScroll(page);
  }
  await expectNoAxeViolations(page, [320]);

  await page.getByRole('link', { name: 'Back to the app' }).click();
  await expect(page).toHaveURL('/');
  // Seven tabs would get 40 px each: five and More get at least 44.
  const items = bar(page).getByRole('listitem');
  await expect(items).toHaveCount(6);
  for (const item of await items.all()) await expectTouchTarget(item.locator('a, button'));
  const more = bar(page).getByRole('button', { name: 'More' });
  await more.click();
  const adminTab = bar(page).getByRole('link', { name: 'Admin Portal' });
  await expectTouchTarget(bar(page).getByRole('link', { name: 'Offline Demo' }));
  await expectNoAxeViolations(page, [320]);
  await adminTab.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();

  // Where there is room for seven, all seven show.
  await page.setViewportSize({ width: 412, height: 915 });
  await page.getByRole('link', { name: 'Back to the app' }).click();
  await expect(bar(page).getByRole('link')).toHaveCount(7);
  await expect(bar(page).getByRole('button', { name: 'More' })).toHaveCount(0);
  for (const link of await bar(page).getByRole('link').all()) await expectTouchTarget(link);
});

test("the dashboard's number cards open the member list filtered to the members they count", async ({
  page,
}) => {
  await page.goto('/login?redirectTo=%2Fadmin%2Fdashboard');
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const cards = page.getByRole('list', { name: 'Members in numbers' });
  const admins = cards.getByRole('link', { name: /^Admins/ });
  await expectTouchTarget(admins);
  await expectNoSidewaysScroll(page);
  const count = Number((await admins.textContent())?.replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  await admins.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue('admin');
  await expect(page.getByText(`${count} member${count === 1 ? '' : 's'} match`)).toBeVisible();
});

test('the composer at 320 px: a long name stays inside the page, the preview follows, a bad link is explained', async ({
  page,
  request,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const longName = `Wolfeschlegelsteinhausenbergerdorff${tag}`;
  const registered = await request.post('/api/auth/register', {
    data: { displayName: longName, email: `long-${tag}@admin.e2e.test`, password: `amber-quay-${tag}` },
    headers: ownAddress(),
  });
  expect(registered.ok()).toBe(true);

  await page.goto('/login?redirectTo=%2Fadmin%2Fnotifications');
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Title' }).fill('Careers fair on Friday');
  await page.getByRole('textbox', { name: 'Message' }).fill('Meet six employers in the hall.');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('figure', { name: 'Push notification' })).toContainText(
    'Careers fair on Friday',
  );
  await expect(preview.getByRole('figure', { name: 'In the app’s notification centre' })).toContainText(
    'Meet six employers in the hall.',
  );

  const link = page.getByRole('textbox', { name: /Deep link/ });
  await link.fill('https://elsewhere.example/offer');
  await link.blur();
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/a web address \(https:\/\/…\) is not allowed/)).toBeVisible();

  await page.getByRole('radio', { name: 'Chosen members' }).check();
  await page.getByRole('searchbox', { name: 'Find members by name or email' }).fill(tag);
  const found = page
    .getByRole('list', { name: 'Matching members' })
    .getByRole('button', { name: new RegExp(longName) });
  await found.click();
  await expect(page.getByRole('button', { name: `Remove ${longName}` })).toBeVisible();
  await expect(page.getByText('This reaches 1 member.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, [320]);
});
