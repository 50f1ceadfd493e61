import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/phone.ts';

const widths = [320, 412] as const;

/** The page's own scroll range: what is left once the viewport is filled. */
const pageScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

test('Home’s shorts row keeps the 16 px margin of everything else', async ({ page }) => {
  await page.goto('/');
  const shorts = page.getByRole('region', { name: 'Shorts' });
  const firstPoster = shorts.getByRole('link', { name: /The two-minute rule for email/ });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 915 });
    await firstPoster.scrollIntoViewIfNeeded();
    const heading = await shorts.getByRole('heading', { name: 'Shorts' }).boundingBox();
    const poster = await firstPoster.boundingBox();
    expect(heading?.x, `at ${width} px`).toBe(16);
    expect(poster?.x, `at ${width} px`).toBe(16);
  }
});

test('a short fills the screen: no frame around it, no page scroll, the title below the picture', async ({
  page,
}) => {
  await page.goto('/shorts');
  const short = page.getByRole('article', { name: /^Short 1 of \d+: The two-minute rule for email$/ });
  await expect(short).toBeVisible();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 915 });
    await expect.poll(() => short.boundingBox()).toEqual({ x: 0, y: 0, width, height: 915 });
    expect(await pageScroll(page), `at ${width} px`).toBe(0);
    // Captions are drawn inside the video's box: the title and description start below it.
    const video = await short.getByLabel('The two-minute rule for email', { exact: true }).boundingBox();
    const title = await short.getByRole('heading', { name: 'The two-minute rule for email' }).boundingBox();
    expect(video && title && video.y + video.height <= title.y, `at ${width} px`).toBe(true);
    expect(title && title.y + title.height <= 915, `at ${width} px`).toBe(true);
  }
  await expectNoAxeViolations(page);
});
