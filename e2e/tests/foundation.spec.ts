import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Request } from '@playwright/test';

test('home renders with the app title', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Uplift' })).toBeVisible();
  await expect(page).toHaveTitle(/Uplift/);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description).toMatch(/mobile app/i);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
});

test('an unknown route shows the 404 page with its path', async ({ page }) => {
  const response = await page.goto('/some/path');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page not found: /some/path' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
});

test('a route of the table opens directly by URL', async ({ page }) => {
  await page.goto('/error-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Error Handling Demo' })).toBeVisible();
});

test('GET /api/status answers the online probe', async ({ request }) => {
  const response = await request.get('/api/status');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', build: 'e2e' });
});

test('an unknown API path answers JSON 404 in the error shape', async ({ request }) => {
  const response = await request.get('/api/nope');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
});

test('/api/docs serves the OpenAPI document and its reader', async ({ page, request }) => {
  const document = await (await request.get('/api/docs/json')).json();
  expect(document.openapi).toMatch(/^3\./);
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/status', '/api/log-error']));
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Uplift API/ })).toBeVisible();
});

test('a visitor’s first screen comes drawn in the HTML, and the live page takes its place', async ({
  browser,
  page,
}) => {
  // What a phone paints before any script arrives: the page itself, with its own title.
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
  const picture = await withoutScripts.newPage();
  await picture.goto('/skills-public');
  await expect(picture.getByText('Discover Your Skills', { exact: true })).toBeVisible();
  await expect(picture.getByText(/Measure 8 workplace skills in one sitting/)).toBeVisible();
  await expect(picture).toHaveTitle(/Discover Your Skills/);
  await withoutScripts.close();

  // Once the app runs: one page, not the picture and the page, and it answers taps.
  await page.goto('/skills-public');
  await page.getByRole('radio', { name: '25 %', exact: true }).check();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByText(/Measure 8 workplace skills in one sitting/)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Check answer 2' })).toBeEnabled();
});

test('a visitor’s first reads come with the page, and the app uses them instead of asking again', async ({
  page,
  request,
}) => {
  const screens = [
    {
      path: '/',
      read: '/api/videos/featured',
      shown: () =>
        page
          .getByRole('region', { name: 'Featured videos' })
          .getByRole('link', { name: /Your first 90 days in a new role/ }),
    },
    { path: '/community', read: '/api/community/posts', shown: () => page.getByRole('article').first() },
  ];
  for (const { path, read, shown } of screens) {
    const html = await (await request.get(path)).text();
    const preloaded = [...html.matchAll(/<link rel="preload" as="fetch"[^>]* href="([^"]+)">/g)].map(
      ([, href = '']) => href.replaceAll('&amp;', '&'),
    );
    expect(preloaded).toContain(read);

    const asked: string[] = [];
    const track = (sent: Request) => {
      const url = new URL(sent.url());
      asked.push(url.pathname + url.search);
    };
    page.on('request', track);
    await page.goto(path);
    // Once the data is on screen the app has made its own request: were it not served the preloaded
    // answer, it would show here as a second one.
    await expect(shown()).toBeVisible();
    for (const url of preloaded)
      expect(
        asked.filter((seen) => seen === url),
        url,
      ).toHaveLength(1);
    // …and with the very URL preloaded: another query string would be a request of its own.
    const endpoint = read.split('?')[0];
    expect(asked.filter((seen) => seen.split('?')[0] === endpoint)).toEqual([read]);
    page.off('request', track);
  }
});
