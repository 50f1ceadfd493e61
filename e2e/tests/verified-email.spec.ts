import { expect, test } from '@playwright/test';
import { linkIn, mailTo } from './support/mailbox.ts';
import { expectNoAxeViolations, ownAddress } from './support/phone.ts';

/** Issue 47.3 end to end: a new member confirms their address through the mailed link, then changes it. */
test('a new member confirms their address from the mail, then moves to another one', async ({
  page,
  browser,
  request,
}) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const member = {
    displayName: `Newcomer ${id}`,
    email: `newcomer-${id}@e2e.test`,
    password: `amber-lantern-${id}`,
  };
  expect((await request.post('/api/auth/register', { data: member, headers: ownAddress() })).status()).toBe(
    201,
  );

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');

  // Until the link is followed the app works as usual, and a banner says why confirming matters.
  const banner = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(banner).toContainText(`We sent a link to ${member.email}`);
  await expectNoAxeViolations(page);
  await banner.getByRole('button', { name: 'Email me the link again' }).click();
  await expect(banner.getByRole('status')).toHaveText(
    `We sent a new link to ${member.email}. It works once, for 24 hours.`,
  );

  const welcome = await mailTo(member.email, 'Confirm your email address');
  expect(welcome.headers.has('list-unsubscribe')).toBe(false);
  await page.goto(linkIn(welcome, '/verify-email'));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
  // The banner (with a status of its own) may still show until the session hears of the confirmation.
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Thank you' })).toHaveText(
    `Thank you: ${member.email} is confirmed as your email address.`,
  );
  // The token leaves the address bar once read, and the banner goes.
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(banner).toBeHidden();
  await expectNoAxeViolations(page);

  // A new address: the password, then the link mailed there, followed on another device.
  const newEmail = `moved-${id}@e2e.test`;
  await page.goto('/profile-client');
  const section = page.getByRole('form', { name: 'Email address' });
  await expect(section).toContainText(`${member.email} (confirmed)`);
  await section.getByRole('textbox', { name: 'New email address' }).fill(newEmail);
  await section.getByLabel('Your password').fill(member.password);
  await section.getByRole('button', { name: 'Change email address' }).click();
  await expect(section.getByRole('status')).toHaveText(
    `We sent a link to ${newEmail}. Your address changes once you follow it (within 24 hours).`,
  );
  const notice = await mailTo(member.email, 'Your email address is being changed');
  expect(notice.text).toContain(newEmail);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(linkIn(await mailTo(newEmail, 'Confirm your new email address'), '/verify-email'));
  await expect(otherPage.getByRole('main').getByRole('status')).toHaveText(
    `Thank you: ${newEmail} is confirmed as your email address.`,
  );
  await other.close();

  await page.reload();
  await expect(section).toContainText(`${newEmail} (confirmed)`);
  const signIn = (email: string) =>
    request.post('/api/auth/login', { data: { email, password: member.password }, headers: ownAddress() });
  expect((await signIn(newEmail)).status()).toBe(200);
  expect((await signIn(member.email)).status()).toBe(401);
});
