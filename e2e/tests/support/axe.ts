import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The page's axe violations, every rule on (contrast included), the way the suite checks a state.
 *
 * Axe's default mode merges each frame's partial results in a blank page it opens for every pass; on a
 * page without frames that blank page (a new tab with the phone's emulation, axe injected again) was two
 * thirds of a pass: measured on six screens on the same machine, 12.0 s for the six default passes against
 * 4.5 s in legacy mode with only violations returned (decision 0128). The app draws no frames, so legacy
 * mode, which runs axe once in the page, sees the same nodes; should a page ever hold a frame, the check
 * goes back to the default mode, which also reaches cross-origin frames. Only violations are returned in
 * full: passes and incomplete results were serialised node by node and never read.
 */
export async function axeViolations(page: Page) {
  const frameless = page.frames().length === 1;
  const results = await new AxeBuilder({ page })
    .setLegacyMode(frameless)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations;
}
