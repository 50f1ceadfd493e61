import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, ownAddress, seededAdmin } from './support/phone.ts';

test('a member asks the admins for premium from a locked video; it stays "Requested" and the admins are told', async ({
  page,
  browser,
}) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const member = {
    displayName: `Pria ${id}`,
    email: `premium-${id}@e2e.test`,
    password: `violet-harbour-${id}`,
  };
  expect(
    (await page.request.post('/api/auth/register', { data: member, headers: ownAddress() })).status(),
  ).toBe(201);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: /Premium.*Run a project on one page/ }).click();

  await expect(page.getByText(/Premium gives you every premium video/)).toBeVisible();
  await expect(page.getByText(/tier/i)).toHaveCount(0);
  await page.getByRole('button', { name: 'Ask the admins for premium' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Requested on / })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /Requested on / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask the admins for premium' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // An admin's notifications name the member and link to them in the users table, where premium is granted.
  const admin = await browser.newContext();
  expect((await admin.request.post('/api/auth/login', { data: seededAdmin })).status()).toBe(200);
  const notices = (await (await admin.request.get('/api/notifications')).json()) as {
    items: Array<{ title: string; link: string | null }>;
  };
  expect(notices.items.filter((notice) => notice.title === `${member.displayName} asks for premium`)).toEqual(
    [
      {
        title: `${member.displayName} asks for premium`,
        link: `/admin/users?q=${encodeURIComponent(member.email)}`,
      },
    ].map((expected) => expect.objectContaining(expected)),
  );
  await admin.close();
});
