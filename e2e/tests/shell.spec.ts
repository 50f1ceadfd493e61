import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/phone.ts';
import { tab } from './support/bottomBar.ts';
import { centre, touchscreen } from './support/touch.ts';

test.describe('error pages', () => {
  test('an unknown route shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Page not found: /no/such/page' }),
    ).toBeVisible();
    await expect(page.getByText('Error 404.')).toBeAttached();
    await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).tap();
    await expect(page).toHaveURL('/');
  });

  test.describe('when a download fails', () => {
    // The service worker would answer from the app shell it cached; here the network must decide.
    test.use({ serviceWorkers: 'block' });

    test('a screen that fails to load shows the 500 page', async ({ page }) => {
      // A real failure, no test hook: the chat screen's code cannot be downloaded.
      await page.route(/\/assets\/ChatPage-[^/]+\.js$/, (route) => route.abort());
      await page.goto('/');
      await tab(page, 'Chat with Vale').tap();
      await expect(page.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeVisible();
      await expect(page.getByText('Error 500.')).toBeAttached();
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expectNoAxeViolations(page, []);
    });
  });
});

test.describe('demo screens', () => {
  test('/loading-demo drives the indicator and the overlay', async ({ page }) => {
    await page.goto('/loading-demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Loading Demo' })).toBeVisible();
    const preview = page.getByRole('progressbar', { name: 'Loading...' });
    await expect(preview).toHaveAttribute('aria-valuenow', '40');
    await page.getByRole('slider', { name: 'Progress' }).focus();
    await page.keyboard.press('End');
    await expect(preview).toHaveAttribute('aria-valuenow', '100');
    await page.getByRole('textbox', { name: 'Stage text' }).fill('Fetching partners...');
    await expect(page.getByRole('progressbar', { name: 'Fetching partners...' })).toHaveAttribute(
      'data-theme',
      'dark',
    );
    await page.getByRole('radio', { name: 'light' }).check();
    await expect(page.getByRole('progressbar', { name: 'Fetching partners...' })).toHaveAttribute(
      'data-theme',
      'light',
    );
    await page.getByRole('checkbox', { name: 'Show progress' }).uncheck();
    await expect(page.getByRole('status', { name: 'Fetching partners...' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Show progress' }).check();
    await page.getByRole('checkbox', { name: 'Subtle' }).check();
    await expectNoAxeViolations(page, []);

    await page.getByRole('button', { name: 'Show loading overlay' }).tap();
    const overlay = page.getByRole('progressbar', {
      name: /Connecting|Fetching your profile|Preparing|Almost|Done/,
    });
    await expect(overlay).toBeVisible();
    await expect(overlay).toHaveCount(0, { timeout: 5000 });

    await page.getByRole('button', { name: 'Run a failing operation' }).tap();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByText('Operation Failed')).toBeVisible();
    await expect(notifications.getByText(/safe on this device/)).toHaveCount(0);
    await notifications.getByRole('button', { name: 'Retry' }).tap();
    await expect(notifications.getByText('Operation Complete')).toBeVisible({ timeout: 5000 });
    await notifications.getByRole('button', { name: 'Dismiss notification' }).tap();
    await expect(notifications.getByRole('listitem')).toHaveCount(0);
  });

  test('/index-backup: the Classic Home lists the ways in and leads to the new Home, axe-clean at 320 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/index-backup');
    await expect(page.getByRole('heading', { level: 1, name: 'Classic Home' })).toBeVisible();
    const ways = page.getByRole('navigation', { name: 'Get started' }).getByRole('link');
    await expect(ways).toHaveCount(4);
    await expectNoAxeViolations(page, []);
    await ways.filter({ hasText: 'Partners' }).click();
    await expect(page).toHaveURL('/partners');
    await page.goBack();
    await page.getByRole('link', { name: 'Open the new Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('/slider-test: swipe snaps to a card, arrows move it', async ({ page }) => {
    await page.goto('/slider-test');
    await expect(page.getByRole('heading', { level: 1, name: 'Slider Test' })).toBeVisible();
    const carousel = page.getByRole('region', { name: 'Featured journeys' });
    await expect(carousel.getByText('Card 1 of 5')).toBeVisible();

    // Swipe left on the first card.
    // From near the card's right edge, three quarters of a card: clearly past the half-way point where
    // snapping picks the next card.
    const middle = await centre(carousel.getByRole('group', { name: '1 of 5' }));
    const card = { x: middle.x + 120, y: middle.y };
    const touch = await touchscreen(page);
    await touch.start(card);
    for (let i = 1; i <= 8; i += 1) await touch.move({ x: card.x - i * 30, y: card.y });
    await touch.end();
    await expect(carousel.getByText('Card 2 of 5')).toBeVisible();

    await carousel.getByRole('group', { name: /use the arrow keys/ }).focus();
    await page.keyboard.press('End');
    await expect(carousel.getByText('Card 5 of 5')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(carousel.getByText('Card 4 of 5')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Reduce motion on this page' }).check();
    await carousel.getByRole('button', { name: 'Go to card 1' }).tap();
    await expect(carousel.getByText('Card 1 of 5')).toBeVisible();
    await expectNoAxeViolations(page, []);
  });
});
