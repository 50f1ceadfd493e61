import { expect, request, test, type Page } from '@playwright/test';
import {
  answerNative,
  deviceFilePrefix,
  installAndroidShell,
  nativeCalls,
  openAppUrl,
  shellOrigin,
} from '../native/androidShell.ts';
import { apiOrigin } from '../native/ports.ts';
import { ownAddress, seededAdmin } from './support/phone.ts';

/**
 * Each device ability the app uses, on the Android shell's bridge (issue 46.4): the app's real calls go
 * through Capacitor's bridge script, and the Java side answers as each plugin's Android code does.
 */
test.use({ baseURL: shellOrigin });

test.beforeEach(async ({ context }) => {
  await installAndroidShell(context);
});

/** A fresh member, registered through the API, signed in through the shell's screens at `next`. */
async function signInNewMember(page: Page, next: string) {
  const api = await request.newContext({ baseURL: apiOrigin, extraHTTPHeaders: { Origin: apiOrigin } });
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const member = {
    displayName: `Shell Tester ${id}`,
    email: `shell-${id}@native.e2e.test`,
    password: `harbour-${id}`,
  };
  const registered = await api.post('/api/auth/register', { data: member, headers: ownAddress() });
  expect(registered.ok()).toBe(true);
  const { user } = (await registered.json()) as { user: { id: string } };
  await api.dispose();
  await page.goto(`/login?redirectTo=${encodeURIComponent(next)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return { ...member, id: user.id };
}

const callsTo = async (page: Page, method: string) =>
  (await nativeCalls(page)).filter((call) => call.method === method).map((call) => call.options);

test('a photo taken with the camera uploads; a cancelled pick is logged and changes nothing', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const member = await signInNewMember(page, '/profile');
  await expect(page.getByRole('heading', { name: 'Profile photo' })).toBeVisible();

  // The camera app returns its photo as a file Capacitor serves to the web view.
  await answerNative(page, 'Camera.getPhoto', {
    data: { webPath: `${deviceFilePrefix}portrait.png`, format: 'png', saved: false },
  });
  await page.getByRole('button', { name: 'Take a photo' }).click();
  await expect(page.getByRole('img', { name: 'Your new photo, cropped to a square' })).toBeVisible();
  await page.getByRole('button', { name: 'Use this photo' }).click();
  await expect(page.getByText('Your photo is updated.')).toBeVisible();
  await expect(page.getByRole('img', { name: `Photo of ${member.displayName}` })).toHaveAttribute(
    'src',
    /\/api\/uploads\/[0-9a-f]{32}-header\.webp$/,
  );
  expect(await callsTo(page, 'Camera.getPhoto')).toEqual([
    { quality: 90, allowEditing: false, resultType: 'uri', source: 'CAMERA' },
  ]);

  // The member opens the library and backs out: Android's plugin rejects, the app logs it (SPEC §8) and
  // shows nothing wrong.
  await answerNative(page, 'Camera.getPhoto', { error: 'User cancelled photos app' });
  await page.getByRole('button', { name: 'Choose from library' }).click();
  await expect.poll(() => warnings.some((text) => text.startsWith('Camera: no photo chosen'))).toBe(true);
  expect((await callsTo(page, 'Camera.getPhoto')).at(-1)).toMatchObject({ source: 'PHOTOS' });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Your new photo, cropped to a square' })).toHaveCount(0);

  // A camera that fails is said plainly.
  await answerNative(page, 'Camera.getPhoto', { error: 'Unable to access camera' });
  await page.getByRole('button', { name: 'Take a photo' }).click();
  await expect(page.getByRole('alert')).toHaveText('The camera could not be opened.');
});

test('"Export my data" writes the member\'s data to Documents as UTF-8', async ({ page }) => {
  const member = await signInNewMember(page, '/profile-client');
  await expect(page.getByRole('button', { name: 'Export my data' })).toBeVisible();
  await answerNative(page, 'Filesystem.writeFile', {
    data: { uri: 'file:///storage/emulated/0/Documents/uplift-export.json' },
  });
  await page.getByRole('button', { name: 'Export my data' }).click();
  await expect(
    page.getByText(/^Your data is saved as uplift-export-\d{4}-\d{2}-\d{2}\.json\.$/),
  ).toBeVisible();
  const [written] = await callsTo(page, 'Filesystem.writeFile');
  expect(written).toMatchObject({ directory: 'DOCUMENTS', encoding: 'utf8' });
  expect(written?.path).toMatch(/^uplift-export-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(String(written?.data)) as { account: { email: string } };
  expect(data.account.email).toBe(member.email);

  // The phone's storage refuses: the member is told, nothing pretends it was saved.
  await answerNative(page, 'Filesystem.writeFile', { error: 'Unable to write file' });
  await page.getByRole('button', { name: 'Export my data' }).click();
  await expect(page.getByText('Your data could not be exported. Try again.')).toBeVisible();
});

test('"Near me" asks for approximate location: granted sorts by distance, denied says so', async ({
  page,
}) => {
  await page.goto('/partners');
  await expect(page.getByRole('button', { name: 'Near me' })).toBeVisible();
  const undecided = { location: 'prompt', coarseLocation: 'prompt' };
  await answerNative(page, 'Geolocation.checkPermissions', { data: undecided });
  await answerNative(page, 'Geolocation.requestPermissions', {
    data: { location: 'granted', coarseLocation: 'granted' },
  });
  // Bristol Temple Meads.
  await answerNative(page, 'Geolocation.getCurrentPosition', {
    data: { timestamp: 0, coords: { latitude: 51.4491, longitude: -2.5813, accuracy: 2000 } },
  });
  await page.getByRole('button', { name: 'Near me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sorted by distance' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').first()).toContainText('Bristol');
  expect(await callsTo(page, 'Geolocation.requestPermissions')).toEqual([
    { permissions: ['coarseLocation'] },
  ]);
  expect(await callsTo(page, 'Geolocation.getCurrentPosition')).toEqual([
    { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
  ]);

  await page.getByRole('button', { name: 'Near me' }).click(); // off
  await answerNative(page, 'Geolocation.requestPermissions', {
    data: { location: 'denied', coarseLocation: 'denied' },
  });
  await page.getByRole('button', { name: 'Near me' }).click();
  await expect(
    page.getByText('Location permission was denied, so partners are not sorted by distance.'),
  ).toBeVisible();
  expect(await callsTo(page, 'Geolocation.getCurrentPosition')).toHaveLength(1);
});

test("Share opens Android's share sheet with the result's public link, on the server's address", async ({
  page,
}) => {
  const api = await request.newContext({ baseURL: apiOrigin, extraHTTPHeaders: { Origin: apiOrigin } });
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const member = {
    displayName: `Shell Sharer ${id}`,
    email: `share-${id}@native.e2e.test`,
    password: `quay-${id}`,
  };
  expect((await api.post('/api/auth/register', { data: member, headers: ownAddress() })).ok()).toBe(true);
  // A finished assessment, answered through the API with the first option every time.
  let state = (await (
    await api.post('/api/skills/assessments', { data: { skills: ['leadership'] } })
  ).json()) as { item: { id: string } | null; id: string };
  while (state.item) {
    const answered = await api.post(`/api/skills/assessments/${state.id}/answers`, {
      data: { itemId: state.item.id, choice: 0 },
    });
    state = (await answered.json()) as typeof state;
  }
  await api.dispose();

  await page.goto('/login?redirectTo=%2Fskills');
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /^Leadership \d+$/ }) });
  await card.getByRole('button', { name: 'Share my result' }).click();
  const path = await card.getByRole('link', { name: 'link to your Leadership result' }).getAttribute('href');

  await answerNative(page, 'Share.share', { data: { activityType: 'com.example.chat' } });
  await card.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(card.getByRole('status')).toHaveText('Shared.');
  expect(await callsTo(page, 'Share.share')).toEqual([
    expect.objectContaining({ url: `${apiOrigin}${path}`, title: expect.stringMatching(/^Leadership: /) }),
  ]);

  // Closed without sharing: nothing to report.
  await answerNative(page, 'Share.share', { error: 'Share canceled' });
  await card.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(card.getByRole('status')).toHaveText('');
  await expect(card.getByRole('alert')).toHaveCount(0);
});

test("a partner's website opens in the in-app browser, or in a new window when the plugin fails", async ({
  page,
  context,
}) => {
  const website = 'https://www.example.org/partners/northgate-logistics';
  await context.route('https://www.example.org/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Northgate Logistics</title>' }),
  );
  await page.goto('/partners');
  await page
    .getByRole('link', { name: /Northgate Logistics/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Northgate Logistics' })).toBeVisible();

  await answerNative(page, 'Browser.open', {
    data: {},
    events: [{ eventName: 'browserFinished', data: {} }],
  });
  await page.getByRole('button', { name: 'Visit website' }).click();
  await expect.poll(() => callsTo(page, 'Browser.open')).toEqual([{ url: website }]);
  // The member closes the Custom Tab and is back where they were.
  await expect(page.getByRole('heading', { level: 1, name: 'Northgate Logistics' })).toBeVisible();

  await answerNative(page, 'Browser.open', { error: 'No browser to open' });
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Visit website' }).click();
  await expect(await popup).toHaveURL(website);
});

test("a link on the partner's site back into Uplift closes the in-app browser and opens its place", async ({
  page,
}) => {
  await page.goto('/partners');
  await page
    .getByRole('link', { name: /Northgate Logistics/ })
    .first()
    .click();
  await answerNative(page, 'Browser.open', { data: {} });
  await answerNative(page, 'Browser.close', { data: {} });
  await page.getByRole('button', { name: 'Visit website' }).click();
  await expect.poll(() => callsTo(page, 'Browser.open')).toHaveLength(1);

  // On the partner's site the member taps a link to Uplift's community: Android hands it to the app.
  await openAppUrl(page, 'community.uplift.app://community');
  await expect(page.getByRole('heading', { level: 1, name: 'Community Hub' })).toBeVisible();
  await expect.poll(() => callsTo(page, 'Browser.close')).toHaveLength(1);
  // A link the app does not own opens nothing.
  await openAppUrl(page, 'otherapp://partners');
  await expect(page.getByRole('heading', { level: 1, name: 'Community Hub' })).toBeVisible();
});

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

test('a Vale conversation is written to Documents as Markdown, and said saved only once read back whole', async ({
  page,
}) => {
  await signInNewMember(page, '/chat');
  await page.getByRole('textbox', { name: 'Message Vale' }).fill('How do I prepare for a job interview?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Vale answered.' })).toBeAttached();

  const fileName = 'vale-how-do-i-prepare-for-a-job-interview.md';
  await page.getByRole('button', { name: 'Export conversation as Markdown' }).click();
  await expect(page.getByText(`Saved ${fileName} to Documents.`)).toBeVisible();
  const [written] = await callsTo(page, 'Filesystem.writeFile');
  expect(written).toMatchObject({ path: fileName, directory: 'DOCUMENTS', encoding: 'utf8' });
  expect(String(written?.data)).toMatch(/^# How do I prepare for a job interview\?\n\n## You\n/);
  expect(await callsTo(page, 'Filesystem.readFile')).toEqual([
    { path: fileName, directory: 'DOCUMENTS', encoding: 'utf8' },
  ]);

  // The phone kept only part of the file (storage filled up mid-write): "saved" would be a lie.
  await answerNative(page, 'Filesystem.readFile', { data: { data: '# How do I prep' } });
  await page.getByRole('button', { name: 'Export conversation as Markdown' }).click();
  await expect(page.getByText('The conversation could not be exported. Try again.')).toBeVisible();
});

test('the bottom bar taps a light haptic and posting a success one, and the settings turn them off', async ({
  page,
}) => {
  await signInNewMember(page, '/partners');
  // Signed in and landed: a tap on the bar before the landing would be overtaken by it.
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Main' });
  await bar.getByRole('link', { name: 'Community Hub' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Community Hub' })).toBeVisible();
  await expect.poll(() => callsTo(page, 'Haptics.impact')).toEqual([{ style: 'LIGHT' }]);

  const composer = page.getByRole('form', { name: 'New post' });
  await composer.getByRole('textbox').first().fill(`Felt in the hand ${Date.now()}`);
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText('Your post is in the feed.', { exact: true })).toBeVisible();
  await expect.poll(() => callsTo(page, 'Haptics.notification')).toEqual([{ type: 'SUCCESS' }]);

  // The member turns haptics off (SPEC §3); the app starts again and the phone stays still.
  await page.goto('/profile-client');
  const haptics = page.getByRole('switch', { name: 'Haptic feedback' });
  await haptics.uncheck();
  await expect(page.getByRole('switch', { name: 'Navigation' })).toBeDisabled();
  await page.goto('/partners');
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
  await bar.getByRole('link', { name: 'Community Hub' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Community Hub' })).toBeVisible();
  await composer.getByRole('textbox').first().fill(`Felt by nobody ${Date.now()}`);
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText('Your post is in the feed.', { exact: true })).toBeVisible();
  expect(await callsTo(page, 'Haptics.impact')).toEqual([]);
  expect(await callsTo(page, 'Haptics.notification')).toEqual([]);
});

test('finishing an assessment vibrates for 300 ms (SPEC §7)', async ({ page }) => {
  await signInNewMember(page, '/skills');
  await page.getByRole('checkbox', { name: 'Communication' }).check();
  await page.getByRole('button', { name: 'Start assessment' }).click();
  const results = page.getByRole('heading', { name: 'Your results' });
  for (let position = 1; !(await results.isVisible()); position += 1) {
    const asked = page.getByRole('group', { name: new RegExp(`question ${position} of up to`) });
    await expect(asked.or(results)).toBeVisible();
    if (await results.isVisible()) break;
    expect(await callsTo(page, 'Haptics.vibrate')).toEqual([]);
    await asked.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Submit answer' }).click();
  }
  await expect.poll(() => callsTo(page, 'Haptics.vibrate')).toEqual([{ duration: 300 }]);
});
