import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, phone, seededAdmin as admin } from './support/phone.ts';

test.use(phone);

async function newMember(request: APIRequestContext, tag: string, name: string) {
  const member = {
    displayName: `${name} ${tag}`,
    email: `${name.toLowerCase()}-${tag}@admin.e2e.test`,
    password: `amber-harbour-${tag}`,
  };
  const response = await request.post('/api/auth/register', { data: member });
  expect(response.ok()).toBe(true);
  return member;
}

async function signInAsAdmin(page: Page, next: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(next)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('on a phone an admin changes a role, suspends a member and exports the list as CSV', async ({
  page,
  request,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ada = await newMember(request, tag, 'Ada');
  const bo = await newMember(request, tag, 'Bo');

  await signInAsAdmin(page, `/admin/users?q=${tag}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByText('2 members match')).toBeVisible();
  // Every other admin area and the way back are one tap away.
  const nav = page.getByRole('navigation', { name: 'Admin areas' });
  for (const area of [
    'Portal',
    'Dashboard',
    'Moderation',
    'Notifications',
    'Videos',
    'Partners',
    'Back to the app',
  ]) {
    await expect(nav.getByRole('link', { name: area })).toBeVisible();
  }

  await page
    .getByRole('combobox', { name: `Role of ${ada.displayName}` })
    .selectOption({ label: 'Member, tier 2' });
  await expect(
    page.getByRole('status').filter({ hasText: `${ada.displayName} is now Member, tier 2.` }),
  ).toBeVisible();

  await page.getByRole('button', { name: `Suspend ${bo.displayName}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${bo.displayName} is suspended` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Reinstate ${bo.displayName}` })).toBeVisible();
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = await readFile(file, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('id,email,display_name,role,status,joined_at,last_active_at,suspended_at');
  expect(lines).toHaveLength(3);
  expect(csv).toContain(`${ada.email},${ada.displayName},member-tier-2,active`);
  expect(csv).toContain(`${bo.email},${bo.displayName},member-tier-1,suspended`);

  await nav.getByRole('link', { name: 'Portal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();
  await expect(page.getByText(`user.suspend`).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the dashboard draws its five charts from stored data', async ({ page }) => {
  await signInAsAdmin(page, '/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Members by role' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Active members and Vale questions per day/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Members who completed an assessment: \d+%/ })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Sign-ins, failed sign-ins, lockouts and token reuse per day/ }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /^Outcomes reported per month/ })).toBeVisible();
  await page.getByRole('radio', { name: 'Last 7 days' }).check();
  await expect(page.getByRole('table', { name: 'Security events per day' }).getByRole('row')).toHaveCount(8);
  await expectNoAxeViolations(page);
});
