import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, ownAddress } from './support/phone.ts';

/** The seeded admin: the same values as ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config.ts. */
const admin = { email: 'admin@e2e.test', password: 'e2e-Admin-quartz-lantern-7461' };

interface Member {
  displayName: string;
  email: string;
  password: string;
}

function newMember(): Member {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    displayName: `Member ${id}`,
    email: `member-${id}@e2e.test`,
    password: `violet-harbour-${id}`,
  };
}

async function registerThroughUi(page: Page, member: Member) {
  await page.goto('/profile-public');
  await page.getByRole('link', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Display name' }).fill(member.displayName);
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
}

async function signInThroughUi(page: Page, account: { email: string; password: string }) {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a new member registers, stays signed in across a reload, opens /skills and signs out', async ({
  page,
}) => {
  const member = newMember();
  await registerThroughUi(page, member);

  await page.reload();
  await page.goto('/skills');
  await expect(page.getByRole('heading', { level: 1, name: 'Skills Assessment' })).toBeVisible();

  await page.goto('/profile-home');
  const account = page.getByRole('region', { name: 'Your account' });
  await expect(account.getByText(member.email)).toBeVisible();
  await expect(account.getByText(member.displayName)).toBeVisible();
  await expect(account.getByText('Member', { exact: true })).toBeVisible();
  await account.getByRole('button', { name: 'Sign out' }).click();

  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  // Signed out for real: the server session is gone too, so a reload does not bring it back.
  await page.goto('/skills');
  await expect(page).toHaveURL('/login?redirectTo=%2Fskills');
});

test('a member is refused an admin page', async ({ page }) => {
  await registerThroughUi(page, newMember());
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  await expect(page.getByText(/only for admins/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toHaveCount(0);
  await expectNoAxeViolations(page, []);
});

test('an admin signs in and is let into /admin', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL('/login?redirectTo=%2Fadmin');
  await signInThroughUi(page, admin);
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();
});

test('an anonymous visit to /skills goes to sign in, then back to /skills', async ({ page, request }) => {
  const member = newMember();
  const created = await request.post('/api/auth/register', { data: member, headers: ownAddress() });
  expect(created.status()).toBe(201);

  await page.goto('/skills');
  await expect(page).toHaveURL('/login?redirectTo=%2Fskills');
  await signInThroughUi(page, member);
  await expect(page).toHaveURL('/skills');
  await expect(page.getByRole('heading', { level: 1, name: 'Skills Assessment' })).toBeVisible();
});

test("a wrong password shows the server's message", async ({ page }) => {
  await page.goto('/login');
  await signInThroughUi(page, { email: newMember().email, password: 'not-the-right-one' });
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expectNoAxeViolations(page, []);
});

test('the sign-in and create-account screens have no axe violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page, []);

  await page.getByRole('link', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
  await expectNoAxeViolations(page, []);
});
