import { expect, test, type Browser } from '@playwright/test';
import { expectNoAxeViolations, ownAddress, phone, seededAdmin } from './support/phone.ts';

test.use(phone);

/** A new member on a phone of their own (a browser context), signed in through the screens. */
async function memberPhone(browser: Browser, name: string, next: string) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = {
    displayName: `${name} ${tag}`,
    email: `${name.toLowerCase()}-${tag}@messages.e2e.test`,
    password: `harbour-lantern-${tag}`,
  };
  const context = await browser.newContext(phone);
  const registered = await context.request.post('/api/auth/register', {
    data: member,
    headers: ownAddress(),
  });
  expect(registered.ok()).toBe(true);
  const { user } = (await registered.json()) as { user: { id: string } };
  await context.clearCookies();
  const page = await context.newPage();
  await page.goto(`/login?redirectTo=${encodeURIComponent(next)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(next);
  return { page, context, name: member.displayName, id: user.id, tag };
}

test('two members message each other live, see "Seen", send offline exactly once, and one blocks the other', async ({
  browser,
}) => {
  // Two members on two phones, offline and back: about 2 min in CI, at the default 120 s ceiling (2026-12-07).
  test.setTimeout(240_000);
  const ana = await memberPhone(browser, 'Ana', '/community');
  const ben = await memberPhone(browser, 'Ben', '/notifications');

  // Ben keeps his messages open, reached from the notification centre.
  await ben.page.getByRole('main').getByRole('link', { name: 'Messages', exact: true }).click();
  await expect(ben.page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(ben.page.getByText('No conversations yet.')).toBeVisible();

  // Ana starts from Ben's profile.
  await ana.page.goto(`/profile/${ben.id}`);
  await ana.page.getByRole('link', { name: `Message ${ben.name}` }).click();
  await expect(ana.page).toHaveURL(`/messages/${ben.id}`);
  await expect(ana.page.getByRole('heading', { level: 1, name: ben.name })).toBeVisible();
  const hello = `Hello Ben, coffee on Friday? ${ana.tag}`;
  await ana.page.getByRole('textbox', { name: `Message ${ben.name}` }).fill(hello);
  await ana.page.getByRole('button', { name: 'Send' }).click();
  const anaLog = ana.page.getByRole('log', { name: `Messages with ${ben.name}` });
  await expect(anaLog).toContainText(hello);
  await expect(anaLog).not.toContainText('Seen');

  // Live: the conversation arrives in Ben's list without a reload, unread.
  const fromAna = ben.page.getByRole('link', { name: new RegExp(ana.name) });
  await expect(fromAna).toContainText('1 unread');
  await expect(fromAna).toContainText(hello);
  await expectNoAxeViolations(ben.page);
  await fromAna.click();
  const benLog = ben.page.getByRole('log', { name: `Messages with ${ana.name}` });
  await expect(benLog).toContainText(hello);

  // Ben has read it: Ana's message shows "Seen", live.
  await expect(anaLog.getByRole('listitem').last()).toContainText('Seen');

  // Ben's reply reaches Ana's open conversation live.
  const reply = `Friday works ${ben.tag}`;
  await ben.page.getByRole('textbox', { name: `Message ${ana.name}` }).fill(reply);
  await ben.page.getByRole('button', { name: 'Send' }).click();
  await expect(anaLog).toContainText(reply);
  await expect(benLog.getByRole('listitem').last()).toContainText('Seen');
  await expectNoAxeViolations(ana.page);

  // Offline, Ana's message waits in the queue, shown pending; back online it is sent once.
  await ana.page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await ana.context.setOffline(true);
  const indicator = ana.page.getByRole('complementary', { name: 'Connection status' });
  await expect(indicator.getByRole('status')).toHaveText(/You're offline\./);
  const offline = `Written on the train ${ana.tag}`;
  await ana.page.getByRole('textbox', { name: `Message ${ben.name}` }).fill(offline);
  await ana.page.getByRole('button', { name: 'Send' }).click();
  await expect(anaLog.getByRole('listitem').last()).toContainText('Pending: sends when you’re back online');
  await expect(anaLog.getByRole('listitem').last()).toContainText(offline);
  await ana.context.setOffline(false);
  await expect(benLog).toContainText(offline, { timeout: 30_000 });
  await expect(ana.page.getByText('Pending: sends when you’re back online')).toHaveCount(0);
  await expect(anaLog.getByText(offline)).toHaveCount(1);
  const stored = (await (await ana.page.request.get(`/api/messages/with/${ben.id}`)).json()) as {
    messages: Array<{ body: string }>;
  };
  expect(stored.messages.filter((message) => message.body === offline)).toHaveLength(1);

  // Ben blocks Ana: neither can message the other, and the server refuses whatever the app does.
  await ben.page.getByRole('button', { name: `Block ${ana.name}` }).click();
  const dialog = ben.page.getByRole('dialog', { name: `Block ${ana.name}?` });
  await dialog.getByRole('button', { name: `Block ${ana.name}` }).click();
  await expect(ben.page.getByText(`You blocked ${ana.name}. Unblock them to send a message.`)).toBeVisible();
  await expect(ben.page.getByRole('textbox', { name: `Message ${ana.name}` })).toHaveCount(0);
  await ana.page.reload();
  await expect(ana.page.getByText(`You can’t message ${ben.name}.`)).toBeVisible();
  await expect(ana.page.getByRole('textbox', { name: `Message ${ben.name}` })).toHaveCount(0);
  const refused = await ana.page.request.post(`/api/messages/with/${ben.id}`, { data: { body: 'Hello?' } });
  expect(refused.status()).toBe(403);
  await expectNoAxeViolations(ben.page);

  // Ben reports the conversation; in Settings he takes no messages at all and unblocks Ana.
  await ben.page.getByRole('button', { name: 'Report conversation' }).click();
  const reportForm = ben.page.getByRole('form', { name: 'Report conversation' });
  await reportForm.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Harassment or hate' });
  await reportForm.getByRole('button', { name: 'Send report' }).click();
  await expect(
    ben.page.getByRole('status').filter({ hasText: 'You reported this conversation.' }),
  ).toBeVisible();
  await ben.page.goto('/profile-client');
  const settings = ben.page.getByRole('region', { name: 'Messages' });
  await settings.getByRole('radio', { name: 'Nobody' }).check();
  await settings.getByRole('button', { name: `Unblock ${ana.name}` }).click();
  await expect(settings.getByRole('list', { name: 'Blocked members' })).toHaveCount(0);
  await expectNoAxeViolations(ben.page);
  const notTaking = await ana.page.request.post(`/api/messages/with/${ben.id}`, { data: { body: 'Hello?' } });
  expect(notTaking.status()).toBe(403);
  expect(((await notTaking.json()) as { error: { message: string } }).error.message).toBe(
    'This member isn’t taking messages from you.',
  );

  // An admin sees who reported whom and why; the messages only on asking, and the reading is audited.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await adminPage.goto(`/login?redirectTo=${encodeURIComponent('/admin/moderation')}`);
  await adminPage.getByRole('textbox', { name: 'Email' }).fill(seededAdmin.email);
  await adminPage.getByLabel('Password', { exact: true }).fill(seededAdmin.password);
  await adminPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(adminPage).toHaveURL('/admin/moderation');
  const [first, second] = [ana.name, ben.name].sort((a, b) => a.localeCompare(b));
  const reported = adminPage.getByRole('article', { name: `Conversation between ${first} and ${second}` });
  await expect(reported).toContainText(`Harassment or hate, reported by ${ben.name}`);
  await expect(reported).not.toContainText(hello);
  await reported.getByRole('button', { name: 'Read conversation' }).click();
  await expect(reported.getByRole('list', { name: `Messages between ${first} and ${second}` })).toContainText(
    hello,
  );
  const audit = (await (
    await adminPage.request.get('/api/admin/audit-log?action=conversation.open')
  ).json()) as {
    items: Array<{ subjectLabel: string | null }>;
  };
  expect(audit.items.map((entry) => entry.subjectLabel)).toContain(`${first} and ${second}`);
  await expectNoAxeViolations(adminPage);

  await admin.close();
  await ana.context.close();
  await ben.context.close();
});
