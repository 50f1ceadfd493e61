// @ts-check
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Issue 39 (7): import circles and layers, checked by dependency-cruiser on resolved files. Relative
 * imports, `.ts` extensions, `@uplift/contracts` and type-only imports all count, so moving a file
 * cannot slip past a path pattern. Run from the repository root:
 *
 *   npx depcruise contracts server web bench --config .dependency-cruiser.mjs
 *
 * `createConfig(root)` builds the rules. The repository uses `root = ''`.
 * server/test/dependency-rules.test.ts runs the same rules on fixture trees that copy the repository's
 * folders under a fixture root, which proves every rule can fire.
 */

const repoRoot = fileURLToPath(new URL('./', import.meta.url));

/**
 * dependency-cruiser accepts one tsconfig, and from it only `paths`/`baseUrl` change resolution. The
 * workspace tsconfigs extend tsconfig.base.json and add lib, types and jsx only. If one of them gains an
 * alias, the single-tsconfig setup would be wrong, so loading this config fails with a message saying so.
 * Imports that fail to resolve are caught separately, by not-to-unresolvable.
 */
const tsconfigs = [
  'tsconfig.base.json',
  'contracts/tsconfig.json',
  'server/tsconfig.json',
  'web/tsconfig.json',
  'bench/tsconfig.json',
];
for (const file of tsconfigs) {
  const { config, error } = ts.readConfigFile(`${repoRoot}${file}`, ts.sys.readFile);
  if (error) throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  const aliases = ['paths', 'baseUrl', 'rootDirs'].filter((key) => key in (config.compilerOptions ?? {}));
  if (aliases.length > 0) {
    throw new Error(
      `${file} sets ${aliases.join(', ')}: .dependency-cruiser.mjs resolves every workspace with tsconfig.base.json; teach it that workspace's aliases.`,
    );
  }
}

/** @param {string} text */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A test or a test helper (`testing.ts`, `*.testing.ts`): the files that may use another feature's testing.ts. */
const testFile = '(\\.test\\.tsx?|(^|/|\\.)testing\\.ts)$';

/**
 * @param {string} [root] the folder (with its trailing slash) under which the repository's layout is mirrored
 * @returns {import('dependency-cruiser').IConfiguration}
 */
export function createConfig(root = '') {
  const at = (/** @type {string} */ path) => `^${escape(root)}${path}`;
  const workspaces = at('(contracts|server|web|bench)/');
  const modules = at('server/src/modules/');
  const seed = at('server/src/seed/');
  const web = at('web/src/');
  const features = `${web}features/`;

  return {
    forbidden: [
      {
        name: 'no-circular',
        severity: 'error',
        comment: 'No import circle in contracts, server, web or bench, type-only imports included.',
        from: { path: workspaces },
        to: { circular: true },
      },
      {
        name: 'not-to-unresolvable',
        severity: 'error',
        comment:
          'Every import resolves. The checker cannot follow an import that does not, and a circle or layer break behind it would go unseen.',
        from: { path: workspaces },
        to: { couldNotResolve: true },
      },
      {
        name: 'no-deprecated-core',
        severity: 'error',
        comment: 'No deprecated node core module.',
        from: { path: workspaces },
        to: { dependencyTypes: ['core'], path: '^(punycode|domain|constants|sys|_linklist|_stream_wrap)$' },
      },
      {
        name: 'server-module-through-index',
        severity: 'error',
        comment: 'A server module reaches another module only through that module’s index.ts.',
        from: { path: `${modules}([^/]+)/` },
        to: { path: modules, pathNot: [`${modules}$1/`, `${modules}[^/]+/index\\.ts$`] },
      },
      {
        name: 'server-db-plugins-not-to-modules-or-seed',
        severity: 'error',
        comment:
          'server/src/db and server/src/plugins sit below the domain modules and the seed. Their tests may ' +
          'seed demo content (ESLint still keeps them from importing modules).',
        from: { path: at('server/src/(db|plugins)/'), pathNot: testFile },
        to: { path: [modules, seed] },
      },
      {
        name: 'server-modules-not-to-seed',
        severity: 'error',
        comment: 'The seed sits above the domain modules, so module code never imports it. Module tests may.',
        from: { path: modules, pathNot: testFile },
        to: { path: seed },
      },
      {
        name: 'server-seed-only-from-main-tests-scripts',
        severity: 'error',
        comment: 'Only server/src/main.ts, tests and server/scripts import the seed.',
        from: {
          path: at('server/'),
          pathNot: [
            seed,
            at('server/src/main\\.ts$'),
            at('server/test/'),
            at('server/scripts/'),
            testFile,
            // Reported by the two rules above.
            modules,
            at('server/src/(db|plugins)/'),
          ],
        },
        to: { path: seed },
      },
      {
        name: 'web-lib-is-the-bottom-layer',
        severity: 'error',
        comment: 'web/src/lib imports nothing from ui, features or app.',
        from: { path: `${web}lib/` },
        to: { path: `${web}(ui|features|app)/` },
      },
      {
        name: 'web-ui-imports-only-lib',
        severity: 'error',
        comment: 'web/src/ui imports nothing from features or app.',
        from: { path: `${web}ui/` },
        to: { path: `${web}(features|app)/` },
      },
      {
        name: 'web-features-not-to-app',
        severity: 'error',
        comment: 'Features never import the app layer.',
        from: { path: features },
        to: { path: `${web}app/` },
      },
      {
        name: 'web-feature-through-index',
        severity: 'error',
        comment: 'A feature reaches another feature only through its index.ts.',
        from: { path: `${features}([^/]+)/`, pathNot: testFile },
        to: { path: features, pathNot: [`${features}$1/`, `${features}[^/]+/index\\.ts$`] },
      },
      {
        name: 'web-feature-test-through-index-or-testing',
        severity: 'error',
        comment:
          'A feature’s tests and test helpers reach another feature only through its index.ts or testing.ts.',
        from: { path: `${features}([^/]+)/.*${testFile}` },
        to: { path: features, pathNot: [`${features}$1/`, `${features}[^/]+/(index|testing)\\.ts$`] },
      },
      {
        name: 'contracts-not-to-server-or-web',
        severity: 'error',
        comment: 'contracts imports neither server nor web.',
        from: { path: at('contracts/') },
        to: { path: at('(server|web)/') },
      },
      {
        name: 'web-not-to-server',
        severity: 'error',
        comment: 'The web app never imports server code. The two share code through @uplift/contracts.',
        from: { path: at('web/') },
        to: { path: at('server/') },
      },
    ],
    options: {
      // Packages stay in the graph, so a missing one is reported, but their own imports are not followed.
      doNotFollow: { path: '(^|/)node_modules/' },
      exclude: {
        path: [
          '(^|/)(dist|dist-server)/',
          at('web/(android|ios)/'),
          at('(\\.cache|data)/'),
          // Web build output served by the server's static tests, plus these rules' own fixtures.
          at('server/test/fixtures/'),
        ],
      },
      // Type-only imports are edges too: a circle through types still ties the files together.
      tsPreCompilationDeps: true,
      tsConfig: { fileName: `${repoRoot}tsconfig.base.json` },
      enhancedResolveOptions: {
        exportsFields: ['exports'],
        conditionNames: ['import', 'require', 'node', 'default', 'types'],
        mainFields: ['module', 'main', 'types', 'typings'],
      },
      skipAnalysisNotInRules: true,
    },
  };
}

export default createConfig();
