import { expect, test } from '@playwright/test';
import { linkIn, mailTo } from './support/mailbox.ts';
import { expectNoAxeViolations, ownAddress, seededAdmin } from './support/phone.ts';

/** Issue 47.4 end to end: a member chooses announcements by email, gets one, and stops them from the mail. */
test('a member asks for announcements by email, receives one, and stops them from its link', async ({
  page,
  browser,
  playwright,
  request,
}) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const member = {
    displayName: `Reader ${id}`,
    email: `reader-${id}@e2e.test`,
    password: `amber-lantern-${id}`,
  };
  const registered = await request.post('/api/auth/register', { data: member, headers: ownAddress() });
  expect(registered.status()).toBe(201);
  const { user } = (await registered.json()) as { user: { id: string } };

  await page.goto('/login?redirectTo=%2Fprofile-client');
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const section = page.getByRole('region', { name: 'Email notifications' });
  await expect(section).toContainText('These start once you confirm your email address.');
  const announcements = section.getByRole('group', { name: 'Announcements from Uplift' });
  await expect(announcements.getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  // A click, not check(): the radio follows the saved setting, which changes a tick after the click.
  await announcements.getByRole('radio', { name: 'Right away' }).click();
  await expect(announcements.getByRole('radio', { name: 'Right away' })).toBeChecked();
  await expectNoAxeViolations(page);

  // Email notifications need a confirmed address.
  await page.goto(linkIn(await mailTo(member.email, 'Confirm your email address'), '/verify-email'));
  await expect(
    page.getByRole('status').filter({ hasText: 'is confirmed as your email address' }),
  ).toBeVisible();

  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await admin.post('/api/auth/login', { data: seededAdmin, headers: ownAddress() })).status()).toBe(
    200,
  );
  const title = `Open day ${id}`;
  const sent = await admin.post('/api/admin/notifications', {
    data: {
      title,
      body: 'Come and meet the partners.',
      link: '/partners',
      audience: { type: 'members', userIds: [user.id] },
    },
  });
  expect(sent.status()).toBe(201);
  await admin.dispose();

  const mail = await mailTo(member.email, title);
  expect(mail.text).toContain('Come and meet the partners.');
  // RFC 8058's one-click pair, as a mail client reads it.
  const header = (name: string) =>
    mail.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n\s+/g, ' ') ?? '';
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  expect(header('list-unsubscribe')).toMatch(
    /^List-Unsubscribe: <http:\/\/\S+\/api\/mail\/unsubscribe\?token=/,
  );
  const stopLink = /Stop these emails: (\S+)/.exec(mail.text ?? '')?.[1];
  expect(stopLink, mail.text).toBeDefined();
  const { pathname, search } = new URL(stopLink!);

  // Signed out, as from a mail app's browser.
  const mailApp = await (await browser.newContext()).newPage();
  await mailApp.goto(`${pathname}${search}`);
  await expect(mailApp.getByRole('heading', { level: 1, name: 'Stop these emails?' })).toBeVisible();
  await expect(mailApp).toHaveURL(/\/unsubscribe$/);
  await expectNoAxeViolations(mailApp);
  await mailApp.getByRole('button', { name: 'Stop these emails' }).click();
  await expect(mailApp.getByRole('main').getByRole('status')).toHaveText(
    'Done: no more emails about “Announcements from Uplift”.',
  );
  await mailApp.context().close();

  await page.goto('/profile-client');
  await expect(announcements.getByRole('radio', { name: 'Never' })).toBeChecked();
});
