import { expect, request, test } from '@playwright/test';
import { answerNative, nativeCalls } from '../native/androidShell.ts';
import { apiOrigin } from '../native/ports.ts';
import { onTheAndroidShell, signInNewMember } from './support/androidDevice.ts';
import { seededAdmin } from './support/phone.ts';

/**
 * Push notifications and premium video playback, on the Android shell's bridge (issue 46.4): the app's real
 * calls go through Capacitor's bridge script, and the Java side answers as each plugin's Android code does.
 */
onTheAndroidShell();

test('"Turn on push notifications" asks Android 13+, registers with FCM and gives the server the token', async ({
  page,
}) => {
  await signInNewMember(page, '/notifications');
  const toggle = page.getByRole('button', { name: 'Turn on push notifications' });
  await expect(toggle).toBeVisible();
  const token = `e2e-fcm-${Date.now().toString(36)}`;
  await answerNative(page, 'PushNotifications.checkPermissions', { data: { receive: 'prompt' } });
  await answerNative(page, 'PushNotifications.requestPermissions', { data: { receive: 'granted' } });
  await answerNative(page, 'PushNotifications.register', {
    data: {},
    events: [{ eventName: 'registration', data: { value: token } }],
  });
  const sent = page.waitForRequest(
    (sentRequest) =>
      sentRequest.url() === `${apiOrigin}/api/notifications/push/subscriptions` &&
      sentRequest.method() === 'POST',
  );
  await toggle.click();
  expect((await sent).postDataJSON()).toEqual({ type: 'fcm', token });
  await expect(page.getByText('Push notifications are on.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off push notifications' })).toBeVisible();
  const methods = (await nativeCalls(page)).map((call) => call.method);
  expect(methods.indexOf('PushNotifications.requestPermissions')).toBeLessThan(
    methods.indexOf('PushNotifications.register'),
  );
});

test('a premium video plays in the shell through its signed link, with no cookie (decision 0027)', async ({
  page,
  context,
}) => {
  const member = await signInNewMember(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
  // Premium videos are for member-tier-2 and above: the admin promotes this member.
  const admin = await request.newContext({ baseURL: apiOrigin, extraHTTPHeaders: { Origin: apiOrigin } });
  expect((await admin.post('/api/auth/login', { data: seededAdmin })).ok()).toBe(true);
  const promoted = await admin.patch(`/api/users/${member.id}`, {
    data: { role: 'member-tier-2' },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(promoted.ok()).toBe(true);
  await admin.dispose();

  await page.reload();
  await page
    .getByRole('link', { name: /Run a project on one page/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Run a project on one page' })).toBeVisible();
  await page.getByRole('button', { name: 'Play video' }).click();
  const video = page.getByLabel('Run a project on one page');
  // The <video> fetches the file itself, so it cannot send the bearer header: the link is signed.
  await expect(video).toHaveAttribute(
    'src',
    /^http:\/\/127\.0\.0\.1:\d+\/api\/videos\/.+&exp=\d+&sig=[\w-]+$/,
  );
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 25_000 })
    .toBeGreaterThan(0.5);
  expect(await context.cookies(apiOrigin)).toEqual([]);
});
