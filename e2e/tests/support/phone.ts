import { expect, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';

/** The seeded admin: the same values as ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config.ts. */
export const seededAdmin = { email: 'admin@e2e.test', password: 'e2e-Admin-quartz-lantern-7461' };

let registrations = 0;

/**
 * Headers for an account the test creates through the API: each from an address of its own (the e2e server
 * trusts a loopback proxy), because the server lets one address register 10 accounts a minute, and the
 * suite, across its workers, registers more than that.
 */
export function ownAddress(): { 'x-forwarded-for': string } {
  registrations += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  return {
    'x-forwarded-for': `10.${worker % 256}.${Math.floor(registrations / 256) % 256}.${registrations % 256}`,
  };
}

/** A touch phone 390 px wide, for specs and for extra browser contexts (members on other devices). */
export const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/**
 * No axe violations (contrast included) in both themes (decision 0077) and at both widths: by default the
 * narrowest phone SPEC supports (320 px) in the light theme and a large one (412 px, issue 44) in the dark; with one
 * width, both themes at it; with none, at the page's own size. Widths and themes are paired rather than
 * crossed (decision 0124): an axe pass is half the suite's time, and each pair still sees every width and
 * every theme. The device's setting is switched, as a phone does at sunset, and the page must follow it
 * before axe looks.
 */
export async function expectNoAxeViolations(page: Page, widths: readonly number[] = [320, 412]) {
  const deviceDark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  for (const [index, theme] of (['light', 'dark'] as const).entries()) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      theme === 'dark',
    );
    const width = widths.length > 0 ? widths[index % widths.length]! : null;
    if (width !== null) await page.setViewportSize({ width, height: page.viewportSize()?.height ?? 844 });
    expect(await axeViolations(page), `${theme} theme${width === null ? '' : `, at ${width} px`}`).toEqual(
      [],
    );
  }
  await page.emulateMedia({ colorScheme: deviceDark ? 'dark' : 'light' });
}
