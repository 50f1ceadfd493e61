import { expect, test, type Page } from '@playwright/test';
import { centre, touchscreen } from './support/touch.ts';
import { axeViolations } from './support/axe.ts';

/** The seeded admin (ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config.ts); Offline Demo is the admin's tab. */
const admin = { email: 'admin@e2e.test', password: 'e2e-Admin-quartz-lantern-7461' };

async function signInToOfflineDemo(page: Page) {
  await page.goto('/login?redirectTo=%2Foffline-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/offline-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Offline Demo' })).toBeVisible();
}

/** The app shell must be cached by the service worker before the network goes. */
async function serviceWorkerReady(page: Page) {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
}

interface StoredLog {
  message: string;
  severity: string | null;
  url: string | null;
}

/** Reports sent from this app's pages (the native shell's spec numbers its test actions the same way). */
async function storedLogs(page: Page): Promise<StoredLog[]> {
  const response = await page.request.get('/api/admin/error-logs?limit=200');
  expect(response.status()).toBe(200);
  const { origin } = new URL(page.url());
  return ((await response.json()) as { items: StoredLog[] }).items.filter((item) =>
    item.url?.startsWith(`${origin}/`),
  );
}

test('writes made offline survive a reload and reach the server exactly once', async ({ page, context }) => {
  await signInToOfflineDemo(page);
  await serviceWorkerReady(page);
  // Other runs against the same server may have sent actions with the same numbers.
  const before = await storedLogs(page);
  const notifications = page.getByRole('region', { name: 'Notifications' });
  const indicator = page.getByRole('complementary', { name: 'Connection status' });

  await context.setOffline(true);
  await expect(indicator.getByRole('status')).toHaveText(/You're offline\./);
  await expect(notifications.getByText('Connection Lost')).toBeVisible();
  await expect(notifications.getByText('You are currently offline')).toBeVisible();
  await expect(notifications.getByRole('button', { name: 'Retry Connection' })).toBeVisible();

  const queueButton = page.getByRole('button', { name: 'Queue a test action' });
  const queued = page.getByRole('list', { name: 'Queued actions' }).getByRole('listitem');
  for (let count = 1; count <= 3; count += 1) {
    await queueButton.click();
    await expect(queued).toHaveCount(count);
    if (count === 1) {
      // A 2 s queue notice.
      await expect(notifications.getByText('Saved for Later').first()).toBeVisible();
      await expect(
        notifications.getByText('Action queued for when connection returns').first(),
      ).toBeVisible();
    }
  }
  await expect(indicator).toHaveText(/3 actions waiting to sync/);
  const descriptions = await page
    .getByRole('list', { name: 'Queued actions' })
    .getByText(/^Offline demo test action #\d+$/)
    .allTextContents();
  expect(descriptions).toHaveLength(3);

  // Still offline: the service worker serves the app shell, IndexedDB still has the queue.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Offline Demo' })).toBeVisible();
  await expect(queued).toHaveCount(3);
  await expect(indicator).toHaveText(/You're offline\. 3 actions waiting to sync\./);
  for (const description of descriptions) {
    await expect(page.getByRole('list', { name: 'Queued actions' }).getByText(description)).toBeVisible();
  }

  await context.setOffline(false);
  await expect(notifications.getByText('Sync Complete')).toBeVisible();
  await expect(notifications.getByText('All 3 actions completed successfully')).toBeVisible();
  await expect(page.getByText('No actions are waiting.')).toBeVisible();
  await expect(indicator).toHaveCount(0);

  // Each write is stored once: replays carry their Idempotency-Key.
  const after = await storedLogs(page);
  for (const description of descriptions) {
    const stored = after.filter((item) => item.message === description);
    const earlier = before.filter((item) => item.message === description);
    expect(stored.length - earlier.length, description).toBe(1);
    expect(stored[0]?.severity).toBe('low');
  }
});

test('on a first visit, a screen not yet opened still opens after the network goes', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Uplift' })).toBeVisible();
  // No reload: the service worker takes this very page over once the app shell is cached.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Connection Lost'),
  ).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Chat with Vale', exact: true })
    .tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Chat with Vale' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toHaveCount(0);
});

test('going offline and back shows the connection toasts', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Uplift' })).toBeVisible();
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await context.setOffline(true);
  await expect(notifications.getByText('Connection Lost')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Connection status' })).toBeVisible();
  await context.setOffline(false);
  await expect(notifications.getByText('Back Online')).toBeVisible();
  await expect(notifications.getByText('Connection restored')).toBeVisible();
  await expect(notifications.getByText('Connection Lost')).toHaveCount(0);
});

test('the offline demo simulates an outage and has no axe violations', async ({ page }) => {
  await signInToOfflineDemo(page);
  await expect(page.getByText('No actions are waiting.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Simulate offline' }).click();
  await expect(page.getByText('Offline (simulated)', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Queue a test action' }).click();
  await expect(page.getByRole('list', { name: 'Queued actions' }).getByRole('listitem')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Clear queue' }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Offline queue cleared'),
  ).toBeVisible();
  // Scrolled back up from "Clear queue", the bottom bar slides in again (SPEC §2). Left at the screen's
  // bottom edge, this button was covered between the press and the release once in 30 runs under load (twice
  // on CI): the release landed on the bar and the click was lost. From the middle of the screen, 40 of 40 passed.
  const goBackOnline = page.getByRole('button', { name: 'Go back online' });
  await goBackOnline.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await goBackOnline.click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Back Online')).toBeVisible();
  await expect(page.getByText('Online', { exact: true })).toBeVisible();
});

test('when the connection drops under a finger, the tap still lands on its button', async ({
  page,
  context,
}) => {
  await signInToOfflineDemo(page);
  await expect(page.getByText('No actions are waiting.')).toBeVisible();
  const queueTestAction = page.getByRole('button', { name: 'Queue a test action' });
  await queueTestAction.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  const finger = await centre(queueTestAction);

  // The finger is down when the connection goes: the offline indicator and "Connection Lost" arrive at the
  // top, and the page would move down under the finger by their height.
  const touch = await touchscreen(page);
  await touch.start(finger);
  await context.setOffline(true);
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Connection Lost'),
  ).toBeVisible();
  await touch.end();

  await expect(page.getByRole('list', { name: 'Queued actions' }).getByRole('listitem')).toHaveCount(1);
  // Once the tap has landed, the page makes room for them.
  const heading = page.getByRole('heading', { level: 1, name: 'Offline Demo' });
  await page.evaluate(() => window.scrollTo(0, 0));
  const stack = await page.getByRole('region', { name: 'Notifications' }).boundingBox();
  await expect(async () => {
    const top = (await heading.boundingBox())?.y ?? 0;
    expect(top).toBeGreaterThanOrEqual((stack?.y ?? 0) + (stack?.height ?? 0));
  }).toPass();
  await context.setOffline(false);
});
