import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, ownAddress } from './support/phone.ts';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
/** What the eye sees first: the page's background, as the browser painted it. */
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const lightCanvas = 'oklch(0.984 0.003 247.858)';
const darkCanvas = 'oklch(0.129 0.042 264.695)';

/** The app's own scripts refused: what shows is what the HTML and its inline boot script drew. */
async function withoutAppScripts(page: Page) {
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
}

async function newMember(request: APIRequestContext) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const member = {
    displayName: `Theme ${id}`,
    email: `theme-${id}@e2e.test`,
    password: `dusk-harbour-${id}`,
  };
  const response = await request.post('/api/auth/register', { data: member, headers: ownAddress() });
  expect(response.ok()).toBe(true);
  return member;
}

async function signIn(page: Page, member: { email: string; password: string }, next: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(next)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('on a phone set to dark', () => {
  test.use({ colorScheme: 'dark', serviceWorkers: 'block' });

  test('the first screen is drawn dark before any of the app runs (no light flash)', async ({ page }) => {
    await withoutAppScripts(page);
    await page.goto('/community');
    // Drawn by the HTML, kept from assistive technology until the app takes over (decision 0035).
    await expect(
      page.getByRole('heading', { level: 1, name: 'Community Hub', includeHidden: true }),
    ).toBeVisible();
    expect(await isDark(page)).toBe(true);
    expect(await pageBackground(page)).toBe(darkCanvas);
  });

  test("a visitor's Light outlasts the device's dark on the next page, from the first paint", async ({
    page,
  }) => {
    await page.goto('/profile-public');
    const appearance = page.getByRole('group', { name: 'Theme' });
    await expect(appearance.getByRole('radio', { name: 'System' })).toBeChecked();
    await expect.poll(() => isDark(page)).toBe(true);

    await appearance.getByRole('radio', { name: 'Light' }).check();
    await expect.poll(() => isDark(page)).toBe(false);
    expect(await pageBackground(page)).toBe(lightCanvas);

    await withoutAppScripts(page);
    await page.goto('/community');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Community Hub', includeHidden: true }),
    ).toBeVisible();
    expect(await isDark(page)).toBe(false);
    expect(await pageBackground(page)).toBe(lightCanvas);
  });
});

test("a member's Dark follows them to another device", async ({ page, browser, request }) => {
  const member = await newMember(request);
  await signIn(page, member, '/profile-client');
  await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).check();
  await expect.poll(() => isDark(page)).toBe(true);
  await expect
    .poll(async () => {
      const preferences = await page.request.get('/api/settings/preferences');
      return ((await preferences.json()) as { theme: string }).theme;
    })
    .toBe('dark');

  // A laptop set to light, with nothing chosen on it yet.
  const laptop = await browser.newContext({ colorScheme: 'light' });
  const other = await laptop.newPage();
  await signIn(other, member, '/');
  await expect.poll(() => isDark(other)).toBe(true);
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await laptop.close();
});

test('five first screens are axe-clean, contrast included, in both themes', async ({ page }) => {
  for (const path of ['/', '/community', '/partners', '/skills-public', '/profile-public']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, [320]);
  }
});
