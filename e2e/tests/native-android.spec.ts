import { expect, request, test, type Page } from '@playwright/test';
import {
  installAndroidShell,
  nativeCalls,
  setPhoneConnected,
  shellOrigin,
  tapPushNotification,
} from '../native/androidShell.ts';
import { apiOrigin } from '../native/ports.ts';

/** The seeded admin (playwright.config.ts); Offline Demo is the admin's tab. */
const admin = { email: 'admin@e2e.test', password: 'e2e-Admin-quartz-lantern-7461' };

test.use({ baseURL: shellOrigin });

test.beforeEach(async ({ context }) => {
  await installAndroidShell(context);
});

async function signInToOfflineDemo(page: Page) {
  await page.goto('/login?redirectTo=%2Foffline-demo');
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offline Demo' })).toBeVisible();
}

/** The value beside a term of the Offline Demo's lists (its row holds just the term and the value). */
function valueOf(page: Page, term: string) {
  const row = page.locator('div').filter({ has: page.getByRole('term').filter({ hasText: term }) });
  return row.last().getByRole('definition');
}

async function storedLogMessages(): Promise<string[]> {
  const api = await request.newContext({ baseURL: apiOrigin });
  await api.post('/api/auth/login', { data: admin, headers: { Origin: apiOrigin } });
  const response = await api.get('/api/admin/error-logs?limit=200');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { message: string; url: string | null }[] };
  await api.dispose();
  // Only the shell's reports: the web specs number their test actions the same way.
  return items.filter((item) => item.url?.startsWith(`${shellOrigin}/`)).map((item) => item.message);
}

test('the bundled app signs in against the API with a bearer token, no cookie and no service worker', async ({
  page,
  context,
}) => {
  const apiCalls: { url: string; authorization: string | undefined; platform: string | undefined }[] = [];
  page.on('request', (sent) => {
    if (sent.url().startsWith(`${apiOrigin}/api/`) && sent.method() !== 'OPTIONS') {
      const headers = sent.headers();
      apiCalls.push({
        url: sent.url(),
        authorization: headers.authorization,
        platform: headers['x-client-platform'],
      });
    }
  });
  await signInToOfflineDemo(page);
  expect(
    await page.evaluate(() => (window as { Capacitor?: { getPlatform(): string } }).Capacitor?.getPlatform()),
  ).toBe('android');

  // After sign-in, the app's own calls carry the token the server gave the shell.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Offline Demo' })).toBeVisible();
  const verify = apiCalls.findLast((call) => call.url.endsWith('/api/auth/verify'));
  expect(verify?.platform).toBe('native');
  expect(verify?.authorization).toMatch(/^Bearer \S{20,}$/);
  expect(apiCalls.every((call) => call.platform === 'native')).toBe(true);
  expect(await context.cookies(apiOrigin)).toEqual([]);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

  // Through Capacitor's bridge: the Network plugin is asked for the connection, the status bar is styled
  // as SPEC §7 says, and a tab tap reaches native haptics.
  const methods = async () => (await nativeCalls(page)).map((call) => call.method);
  expect(await nativeCalls(page)).toEqual(
    expect.arrayContaining([
      { method: 'Network.getStatus', options: {} },
      { method: 'Network.addListener', options: { eventName: 'networkStatusChange' } },
      { method: 'StatusBar.setStyle', options: { style: 'DARK' } },
      { method: 'StatusBar.setBackgroundColor', options: { color: '#1C1C1C' } },
      { method: 'StatusBar.setOverlaysWebView', options: { overlay: true } },
    ]),
  );
  const impacts = async () => (await methods()).filter((method) => method === 'Haptics.impact').length;
  const impactsBefore = await impacts();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).tap();
  await expect(page).toHaveURL(`${shellOrigin}/`);
  await expect.poll(impacts).toBe(impactsBefore + 1);
  const lastImpact = (await nativeCalls(page)).findLast((call) => call.method === 'Haptics.impact');
  expect(lastImpact?.options).toEqual({ style: 'LIGHT' });
});

test('a tapped push notification marks it read and opens its deep link in the app', async ({ page }) => {
  const api = await request.newContext({ baseURL: apiOrigin, extraHTTPHeaders: { Origin: apiOrigin } });
  const login = await api.post('/api/auth/login', { data: admin });
  const adminId = ((await login.json()) as { user: { id: string } }).user.id;
  const sent = await api.post('/api/admin/notifications', {
    data: {
      title: 'New partners near you',
      body: 'Three partners joined this week.',
      link: '/partners',
      audience: { type: 'members', userIds: [adminId] },
    },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };

  await signInToOfflineDemo(page);
  // At start the shell listens for taps (the plugin keeps the tap that launched the app until then).
  await expect
    .poll(async () => (await nativeCalls(page)).map((call) => `${call.method} ${call.options.eventName}`))
    .toContain('PushNotifications.addListener pushNotificationActionPerformed');
  await tapPushNotification(page, { notificationId: id, link: '/partners', unreadCount: '1' });

  await expect(page).toHaveURL(`${shellOrigin}/partners`);
  const inbox = await api.get('/api/notifications?limit=50');
  const items = ((await inbox.json()) as { items: { id: string; readAt: string | null }[] }).items;
  expect(items.find((item) => item.id === id)?.readAt).not.toBeNull();
  await api.dispose();
});

test('offline in the shell: writes are queued, survive an app restart, and reach the server once', async ({
  page,
  context,
}) => {
  await signInToOfflineDemo(page);
  const serverTime = valueOf(page, 'Server time (cached query)');
  await expect(serverTime).toHaveText(/\d{1,2}:\d{2}/);
  const shownTime = await serverTime.textContent();
  const before = await storedLogMessages();

  await setPhoneConnected(page, false);
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications.getByText('Connection Lost')).toBeVisible();
  const queueButton = page.getByRole('button', { name: 'Queue a test action' });
  const queued = page.getByRole('list', { name: 'Queued actions' }).getByRole('listitem');
  await queueButton.click();
  await expect(queued).toHaveCount(1);
  await queueButton.click();
  await expect(queued).toHaveCount(2);
  const descriptions = await page
    .getByRole('list', { name: 'Queued actions' })
    .getByText(/^Offline demo test action #\d+$/)
    .allTextContents();

  // The app is closed and opened again with no connection: it starts from its bundled files, still
  // signed in, with its queue and the content it had already shown.
  await page.close();
  const restarted = await context.newPage();
  await restarted.goto('/offline-demo');
  await expect(restarted.getByRole('heading', { level: 1, name: 'Offline Demo' })).toBeVisible();
  const indicator = restarted.getByRole('complementary', { name: 'Connection status' });
  await expect(indicator).toHaveText(/You're offline\. 2 actions waiting to sync\./);
  for (const description of descriptions) {
    await expect(
      restarted.getByRole('list', { name: 'Queued actions' }).getByText(description),
    ).toBeVisible();
  }
  await expect(valueOf(restarted, 'Server time (cached query)')).toHaveText(shownTime ?? '');
  await expect(restarted.getByRole('list', { name: 'Cached content' }).getByRole('listitem')).not.toHaveCount(
    0,
  );

  await setPhoneConnected(restarted, true);
  const restartedNotifications = restarted.getByRole('region', { name: 'Notifications' });
  await expect(restartedNotifications.getByText('Sync Complete')).toBeVisible();
  await expect(restartedNotifications.getByText('All 2 actions completed successfully')).toBeVisible();
  await expect(restarted.getByText('No actions are waiting.')).toBeVisible();

  const after = await storedLogMessages();
  for (const description of descriptions) {
    const count = (messages: string[]) => messages.filter((message) => message === description).length;
    expect(count(after) - count(before), description).toBe(1);
  }
});
