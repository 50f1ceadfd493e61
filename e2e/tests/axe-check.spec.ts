import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';

/** A faint, nameless control: two violations axe must report however it runs (support/axe.ts). */
const faultyMarkup =
  '<main><h1>Check</h1><button></button><p style="color:#bbb;background:#fff">Faint words</p></main>';

test('the axe check reports what is wrong on a page without frames', async ({ page }) => {
  await page.setContent(
    `<!doctype html><html lang="en"><title>Check</title><body>${faultyMarkup}</body></html>`,
  );
  const rules = (await axeViolations(page)).map((violation) => violation.id);
  expect(rules).toEqual(expect.arrayContaining(['button-name', 'color-contrast']));
});

test('the axe check reaches into a frame when a page holds one', async ({ page }) => {
  const frame = `<!doctype html><html lang="en"><title>Inner</title><body>${faultyMarkup}</body></html>`;
  await page.setContent(
    `<!doctype html><html lang="en"><title>Outer</title><body><main><h1>Outer</h1>` +
      `<iframe title="Inner page" srcdoc='${frame}'></iframe></main></body></html>`,
  );
  await expect(page.frameLocator('iframe').getByText('Faint words')).toBeVisible();
  const violations = await axeViolations(page);
  const inFrame = violations.flatMap((violation) =>
    violation.nodes.filter((node) => node.target.length > 1).map(() => violation.id),
  );
  expect(inFrame).toEqual(expect.arrayContaining(['button-name', 'color-contrast']));
});
