import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, phone, seededAdmin as admin, ownAddress } from './support/phone.ts';

test.use(phone);

async function signIn(page: Page, who: { email: string; password: string }, next: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(next)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A device of its own: a separate browser context, so its own cookies and live connection. */
async function device(browser: Browser) {
  const context = await browser.newContext(phone);
  return { context, page: await context.newPage() };
}

const profileTab = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile Management' });

// The first test notifies a whole tier, which would also reach the member the second one counts on.
test.describe.configure({ mode: 'serial' });

test('an admin notifies a tier; the badge rises live, the deep link opens, and another device follows', async ({
  page,
  request,
  browser,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = {
    displayName: `Noor ${tag}`,
    email: `noor-${tag}@notify.e2e.test`,
    password: `amber-harbour-${tag}`,
  };
  expect((await request.post('/api/auth/register', { data: member, headers: ownAddress() })).ok()).toBe(true);

  // Two devices of the same member, both on the app with the bottom navigation.
  const phoneA = await device(browser);
  const phoneB = await device(browser);
  await signIn(phoneA.page, member, '/');
  await signIn(phoneB.page, member, '/');
  for (const { page: memberPage } of [phoneA, phoneB]) {
    await expect(profileTab(memberPage)).toBeVisible();
    await expect(profileTab(memberPage)).not.toHaveAccessibleDescription(/new/);
  }

  const title = `Partner week ${tag}`;
  await signIn(page, admin, '/admin/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Message' }).fill('Meet three new partners this week.');
  await page.getByRole('textbox', { name: /Deep link/ }).fill('/partners');
  await page.getByRole('radio', { name: 'A role or tier' }).check();
  await page.getByRole('combobox', { name: 'Role or tier' }).selectOption({ label: 'Members (not premium)' });
  // The reach, counted by the server before sending: at least the member registered above.
  await expect(page.getByRole('status').filter({ hasText: /^This reaches \d+ members?\.$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Send notification' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Sent "${title}"` })).toBeVisible();
  const sent = page.getByRole('listitem').filter({ hasText: title });
  await expect(sent.getByText('Members (not premium)')).toBeVisible();
  await expectNoAxeViolations(page);

  // Both devices see the badge rise without a reload.
  await expect(profileTab(phoneA.page)).toHaveAccessibleDescription('1 new');
  await expect(profileTab(phoneB.page)).toHaveAccessibleDescription('1 new');

  // Device A: profile → the notification centre → the notification opens its deep link.
  await profileTab(phoneA.page).click();
  await phoneA.page.getByRole('link', { name: /^Notifications/ }).click();
  await expect(phoneA.page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(phoneA.page.getByText('1 unread')).toBeVisible();
  await expectNoAxeViolations(phoneA.page);
  await phoneA.page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(phoneA.page).toHaveURL(/\/partners$/);

  // Device B follows at once: the badge falls.
  await expect(profileTab(phoneB.page)).not.toHaveAccessibleDescription(/new/);
  await expect(profileTab(phoneA.page)).not.toHaveAccessibleDescription(/new/);

  // The admin's history counts the read.
  await page.reload();
  await expect(sent.getByRole('definition').last()).toHaveText('1');
  await phoneA.context.close();
  await phoneB.context.close();
});

test('the service worker shows a push, and opening it goes to its deep link and marks it read', async ({
  page,
  context,
  request,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = {
    displayName: `Ines ${tag}`,
    email: `ines-${tag}@notify.e2e.test`,
    password: `amber-harbour-${tag}`,
  };
  expect((await request.post('/api/auth/register', { data: member, headers: ownAddress() })).ok()).toBe(true);
  await signIn(page, member, '/');
  await expect(profileTab(page)).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const origin = new URL(page.url()).origin;
  await context.grantPermissions(['notifications'], { origin });
  const { user } = await (await page.request.get('/api/auth/verify')).json();

  // The notification exists on the server, so opening its push can mark it read.
  const adminSession = await page.context().browser()!.newContext();
  const adminPage = await adminSession.newPage();
  await signIn(adminPage, admin, '/admin/notifications');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const title = `Mentor hour ${tag}`;
  const sent = await adminPage.request.post('/api/admin/notifications', {
    data: {
      title,
      body: 'Ask a mentor anything today.',
      link: '/partners',
      audience: { type: 'members', userIds: [user.id] },
    },
  });
  expect(sent.status()).toBe(201);
  const { id } = await sent.json();
  await adminSession.close();
  await expect(profileTab(page)).toHaveAccessibleDescription('1 new');

  // Chromium delivers the push to the worker, as a push service would (DevTools protocol).
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((registration) => registration.scopeURL === `${origin}/`);
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const push = {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({
      notificationId: id,
      title,
      body: 'Ask a mentor anything today.',
      link: '/partners',
      unreadCount: 1,
    }),
  };
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        data: notification.data as unknown,
      }));
    });
  const expected = [
    { title, body: 'Ask a mentor anything today.', data: { notificationId: id, link: '/partners' } },
  ];
  await cdp.send('ServiceWorker.deliverPushMessage', push);
  // Polled: the worker shows it a moment after the push (waitForFunction would take the promise as truthy).
  // Twice, on busy two-worker CI runs, nothing was shown 15 s after the DevTools push though the server's
  // side was complete (cause not found; no trace was kept). A push service delivers at least once, so the
  // push may come again: the worker tags it with its id, so a second delivery replaces the first and
  // exactly one is shown. The report notes when the second delivery was needed.
  const firstTry = await expect
    .poll(shown, { timeout: 10_000 })
    .toEqual(expected)
    .then(() => true)
    .catch(() => false);
  if (!firstTry) {
    test.info().annotations.push({ type: 'push redelivered', description: 'not shown 10 s after the first' });
    await cdp.send('ServiceWorker.deliverPushMessage', push);
    await expect.poll(shown, { timeout: 15_000 }).toEqual(expected);
  }

  const [worker] = context.serviceWorkers();
  // Headless Chromium has no notification tray to click: the worker gets the event a click would fire.
  await worker!.evaluate(async () => {
    const scope = globalThis as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    if (notification) scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(/\/partners$/);
  await expect(profileTab(page)).not.toHaveAccessibleDescription(/new/);
});
