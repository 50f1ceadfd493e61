import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

/** No axe violations at each width: by default the narrowest phone SPEC supports (320 px) and a common one (390 px). */
export async function expectNoAxeViolations(page: Page, widths: readonly number[] = [320, 390]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations, `at ${width} px`).toEqual([]);
  }
}
