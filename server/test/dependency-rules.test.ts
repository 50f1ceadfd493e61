import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const fixtures = 'server/test/fixtures/dependency-rules';

/**
 * Issue 39 (7): the root .dependency-cruiser.mjs is the cycle and layer check in `npm run lint`. Its
 * rules come from `createConfig(root)`. Here the same rules run on two trees that copy the repository's
 * folders under a fixture root. The violating tree breaks every rule, and the clean tree holds the allowed
 * counterpart of each break.
 */
const { default: repoConfig, createConfig } = (await import(
  pathToFileURL(path.join(repoRoot, '.dependency-cruiser.mjs')).href
)) as { default: IConfiguration; createConfig: (root?: string) => IConfiguration };

/** Cruises one fixture tree the way `depcruise --config .dependency-cruiser.mjs` cruises the repository. */
async function check(tree: 'violating' | 'clean') {
  const root = `${fixtures}/${tree}/`;
  const { options = {}, ...ruleSet } = createConfig(root);
  const tsConfig = options.tsConfig?.fileName;
  const { output } = await cruise(
    [root],
    { ...options, ruleSet, validate: true, baseDir: repoRoot },
    {},
    { tsConfig: tsConfig ? extractTSConfig(tsConfig) : undefined },
  );
  const result = output as ICruiseResult;
  const local = (file: string) => (file.startsWith(root) ? file.slice(root.length) : file);
  return {
    violations: result.summary.violations
      .map((violation) => `${violation.rule.name}: ${local(violation.from)} → ${local(violation.to)}`)
      .sort(),
    modules: result.modules.map((module) => local(module.source)),
    ruleNames: (ruleSet.forbidden ?? []).map((rule) => rule.name),
  };
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(repoRoot, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(path.join(repoRoot, folder), path.join(entry.parentPath, entry.name)));
}

describe('the dependency rules (.dependency-cruiser.mjs)', () => {
  it('report every forbidden import of the violating tree, each rule at least once', async () => {
    const { violations, ruleNames } = await check('violating');

    expect(violations).toEqual(
      [
        'no-circular: contracts/src/circle-a.ts → contracts/src/circle-b.ts',
        'not-to-unresolvable: bench/src/unresolvable.ts → ./missing.ts',
        'no-deprecated-core: bench/src/deprecated.ts → punycode',
        'server-module-through-index: server/src/modules/orders/orders.ts → server/src/modules/billing/invoices.ts',
        'server-db-plugins-not-to-modules-or-seed: server/src/db/client.ts → server/src/modules/billing/index.ts',
        'server-db-plugins-not-to-modules-or-seed: server/src/plugins/session.ts → server/src/seed/index.ts',
        'server-modules-not-to-seed: server/src/modules/orders/orders.seed.ts → server/src/seed/index.ts',
        'server-seed-only-from-main-tests-scripts: server/src/app.ts → server/src/seed/index.ts',
        'web-lib-is-the-bottom-layer: web/src/lib/format.ts → web/src/ui/Button.ts',
        'web-ui-imports-only-lib: web/src/ui/Button.ts → web/src/features/cart/index.ts',
        'web-features-not-to-app: web/src/features/cart/index.ts → web/src/app/routes.ts',
        'web-feature-through-index: web/src/features/checkout/Checkout.ts → web/src/features/cart/inner.ts',
        'web-feature-through-index: web/src/features/checkout/Checkout.ts → web/src/features/cart/testing.ts',
        'web-feature-test-through-index-or-testing: web/src/features/checkout/Checkout.test.tsx → web/src/features/cart/inner.ts',
        'web-feature-test-through-index-or-testing: web/src/features/checkout/checkout.testing.ts → web/src/features/cart/inner.ts',
        'contracts-not-to-server-or-web: contracts/src/index.ts → server/src/app.ts',
        'web-not-to-server: web/src/main.ts → server/src/modules/billing/index.ts',
      ].sort(),
    );
    // A rule added to the config without a breaking fixture fails here.
    const fired = new Set(violations.map((violation) => violation.split(':')[0]));
    expect(ruleNames.filter((name) => !fired.has(name))).toEqual([]);
  });

  it('report nothing on the clean tree, every file of which was cruised', async () => {
    const { violations, modules } = await check('clean');

    expect(violations).toEqual([]);
    // The allowed imports were followed: none of the clean files was skipped (or excluded).
    expect(modules).toEqual(expect.arrayContaining(await filesUnder(`${fixtures}/clean`)));
    // @uplift/contracts resolves to the workspace's source through its package.json exports.
    expect(modules).toContain('contracts/src/index.ts');
  });

  it('are the ones the repository runs, with these fixtures left out of the repository run', () => {
    expect(repoConfig).toEqual(createConfig());

    const excluded = [repoConfig.options?.exclude ?? []].flat().flatMap((exclude) => {
      const paths = typeof exclude === 'string' ? exclude : exclude.path;
      return [paths ?? []].flat();
    });
    const isExcluded = (file: string) => excluded.some((pattern) => new RegExp(pattern).test(file));
    expect(isExcluded(`${fixtures}/violating/contracts/src/circle-a.ts`)).toBe(true);
    expect(isExcluded('server/test/app.ts')).toBe(false);
    expect(isExcluded('web/src/features/auth/index.ts')).toBe(false);
  });
});
