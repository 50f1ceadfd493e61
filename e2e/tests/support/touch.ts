import type { Locator, Page } from '@playwright/test';

/** The middle of an element on screen, where a finger would press it. */
export async function centre(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Raw touch input through the DevTools protocol: Playwright has taps, but no press-and-hold or drag. */
export async function touchscreen(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  return {
    start: (point: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] }),
    move: (point: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] }),
    end: () => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
  };
}
