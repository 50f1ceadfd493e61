import type { Page } from '@playwright/test';

/** The bottom navigation bar (SPEC §2). */
export function bar(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** One of the bar's tabs, by its label. */
export function tab(page: Page, name: string) {
  return bar(page).getByRole('link', { name, exact: true });
}
