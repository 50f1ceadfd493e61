import { expect, test } from '@playwright/test';
import { mailTo } from './support/mailbox.ts';
import { expectNoAxeViolations, ownAddress, seededAdmin } from './support/phone.ts';

/** Issue 47.2 end to end, with each mail read as it reached the SMTP server (support/mailbox.ts). */
test('a member who forgot their password asks for a link, follows it from the mail and signs in with the new one', async ({
  page,
  request,
}) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const member = {
    displayName: `Forgetful ${id}`,
    email: `forgetful-${id}@e2e.test`,
    password: `amber-lantern-${id}`,
  };
  const registered = await request.post('/api/auth/register', { data: member, headers: ownAddress() });
  expect(registered.status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('main').getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('If an account uses this address');

  const mail = await mailTo(member.email, 'Choose a new password');
  expect(mail.subject).toBe('Choose a new password · Uplift');
  expect(mail.headers.has('list-unsubscribe')).toBe(false);
  const link = /https?:\/\/\S+\/reset-password#token=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeDefined();
  const { pathname, hash } = new URL(link!);

  await page.goto(`${pathname}${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  // The token leaves the address bar once the page has read it.
  await expect(page).toHaveURL(/\/reset-password$/);
  await expectNoAxeViolations(page);
  const newPassword = `copper-meadow-${id}`;
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Your password is changed');

  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Incorrect email or password');
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');

  // The link worked once.
  await page.goto(`${pathname}${hash}`);
  await page.getByLabel('New password').fill(`another-${newPassword}`);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    'This link has expired or has already been used',
  );
});

test('an admin mails a member a reset link from the users page, and only the member chooses the password', async ({
  page,
  browser,
  request,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = {
    displayName: `Helped ${tag}`,
    email: `helped-${tag}@e2e.test`,
    password: `amber-lantern-${tag}`,
  };
  expect((await request.post('/api/auth/register', { data: member, headers: ownAddress() })).status()).toBe(
    201,
  );

  await page.goto(`/login?redirectTo=${encodeURIComponent(`/admin/users?q=${tag}`)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(seededAdmin.email);
  await page.getByLabel('Password', { exact: true }).fill(seededAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('button', { name: `Send reset link to ${member.displayName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Send ${member.displayName} a password-reset link?` });
  await expect(dialog).toContainText('You never see the link or the password.');
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(`A password-reset link is on its way to ${member.email}.`)).toBeVisible();

  const mail = await mailTo(member.email, 'Choose a new password');
  expect(mail.text).toContain('A community admin sent you this link');
  const link = /https?:\/\/\S+\/reset-password#token=[\w-]+/.exec(mail.text ?? '')?.[0];
  const { pathname, hash } = new URL(link!);

  // The member, on their own device.
  const own = await browser.newContext();
  const memberPage = await own.newPage();
  await memberPage.goto(`${pathname}${hash}`);
  const newPassword = `copper-meadow-${tag}`;
  await memberPage.getByLabel('New password').fill(newPassword);
  await memberPage.getByRole('button', { name: 'Save new password' }).click();
  await expect(memberPage.getByRole('main').getByRole('status')).toContainText('Your password is changed');
  await own.close();

  const signIn = await request.post('/api/auth/login', {
    data: { email: member.email, password: newPassword },
    headers: ownAddress(),
  });
  expect(signIn.status()).toBe(200);
});
