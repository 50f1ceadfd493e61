import { expect, request, test } from '@playwright/test';
import { answerNative, openAppUrl } from '../native/androidShell.ts';
import { apiOrigin } from '../native/ports.ts';
import { onTheAndroidShell, callsTo } from './support/androidDevice.ts';
import { ownAddress } from './support/phone.ts';

/**
 * Geolocation, Share, Browser and App: the abilities that reach places outside the app, on the Android
 * shell's bridge (issue 46.4): the app's real calls go through Capacitor's bridge script, and the Java side
 * answers as each plugin's Android code does.
 */
onTheAndroidShell();

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
