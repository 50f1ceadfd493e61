import { expect, test, type BrowserContext } from '@playwright/test';

const partnerSite = 'https://www.example.org/partners/northgate-logistics';

/** The partner's site, served here: a page with a link back to Uplift (as a partner would put one). */
async function servePartnerSite(context: BrowserContext, backTo: string) {
  await context.route(`${partnerSite}**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Northgate Logistics</title><h1>Northgate Logistics</h1>
        <a href="${backTo}">Back to Uplift</a>`,
    }),
  );
}

test('the in-app browser opens the partner’s site, and closes when the member comes back through a link', async ({
  page,
  context,
  baseURL,
}) => {
  await servePartnerSite(context, `${baseURL}/skills-public`);
  await page.goto('/partners?q=northgate');
  await page
    .getByRole('link', { name: /Northgate Logistics/ })
    .first()
    .click();
  const [site] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Visit website' }).click(),
  ]);
  await expect(site.getByRole('heading', { name: 'Northgate Logistics' })).toBeVisible();
  // The partner's page cannot reach back into Uplift's.
  expect(await site.evaluate(() => window.opener)).toBeNull();

  await site.getByRole('link', { name: 'Back to Uplift' }).click();
  await site.waitForEvent('close');
  await expect(page).toHaveURL(/\/skills-public$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Discover Your Skills' })).toBeVisible();
});

test('a link back to Uplift is an ordinary page when the tab that opened the site is gone', async ({
  page,
  context,
  baseURL,
}) => {
  await servePartnerSite(context, `${baseURL}/skills-public`);
  await page.goto('/partners?q=northgate');
  await page
    .getByRole('link', { name: /Northgate Logistics/ })
    .first()
    .click();
  const [site] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Visit website' }).click(),
  ]);
  await page.close();
  await site.getByRole('link', { name: 'Back to Uplift' }).click();
  await expect(site.getByRole('heading', { level: 1, name: 'Discover Your Skills' })).toBeVisible();
  expect(site.isClosed()).toBe(false);
});
