import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const web = './web/src';
const foldersOf = (folder) =>
  readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = foldersOf('./web/src/features');
const serverModules = foldersOf('./server/src/modules');

/**
 * ARCHITECTURE's layers, resolved from the real import paths (relative imports included): web `lib` <- `ui`
 * <- `features` <- `app`, a feature reaches another only through its `index.ts`; on the server a module
 * reaches another only through its `index.ts`, and `db/` and `plugins/` never import modules (modules plug
 * into plugins through options). dependency-cruiser checks the same rules and import circles.
 */
const layerZones = [
  {
    target: `${web}/lib`,
    from: [`${web}/ui`, `${web}/features`, `${web}/app`],
    message: 'lib is the bottom layer.',
  },
  { target: `${web}/ui`, from: [`${web}/features`, `${web}/app`], message: 'ui imports only lib.' },
  { target: `${web}/features`, from: `${web}/app`, message: 'features never import the app layer.' },
  ...features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `${web}/features/${feature}`,
        from: `${web}/features/${other}`,
        // A feature's testing.ts is its public surface for other features' tests.
        except: ['./index.ts', './testing.ts'],
        message: `Reach the ${other} feature through its index.ts.`,
      })),
  ),
  { target: './server/src/plugins', from: './server/src/modules', message: 'Plugins never import modules.' },
  { target: './server/src/db', from: './server/src/modules', message: 'db/ never imports modules.' },
  ...serverModules.flatMap((module) =>
    serverModules
      .filter((other) => other !== module)
      .map((other) => ({
        target: `./server/src/modules/${module}`,
        from: `./server/src/modules/${other}`,
        except: ['./index.ts'],
        message: `Reach the ${other} module through its index.ts.`,
      })),
  ),
];

/** The demo seed sits above the domains: db/, plugins/ and modules import it only in their tests. */
const seedZones = [
  {
    target: ['./server/src/db', './server/src/plugins', './server/src/modules'],
    from: './server/src/seed',
    message: 'The demo seed sits above the domains: only main.ts, tests and scripts import it.',
  },
];

/**
 * Issue 16: every screen writes a moment the same way, through web/src/lib/format/dateTime.ts. Number
 * formatting stays free: toLocaleString is flagged only on a `new Date(…)` or with a date option.
 */
const oneDateFormatter = 'Write dates and times with web/src/lib/format/dateTime.ts (add a style there).';
const dateOptions =
  'dateStyle|timeStyle|weekday|era|year|month|day|hour|minute|second|timeZone|timeZoneName|dayPeriod';
const dateFormattingElsewhere = {
  'no-restricted-properties': [
    'error',
    { object: 'Intl', property: 'DateTimeFormat', message: oneDateFormatter },
    { object: 'Intl', property: 'RelativeTimeFormat', message: oneDateFormatter },
    { property: 'toLocaleDateString', message: oneDateFormatter },
    { property: 'toLocaleTimeString', message: oneDateFormatter },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: "CallExpression[callee.property.name='toLocaleString'][callee.object.callee.name='Date']",
      message: oneDateFormatter,
    },
    {
      selector: `CallExpression[callee.property.name='toLocaleString'] > ObjectExpression > Property[key.name=/^(${dateOptions})$/]`,
      message: oneDateFormatter,
    },
  ],
};

/**
 * Issue 42: a feature's action is a ui/Button (or buttonClass on a link). A raw <button> is for a control of
 * its own shape (a tab, a toggle chip, a card) and says why in its eslint-disable comment.
 */
const buttonsFromUi = {
  selector: "JSXOpeningElement[name.name='button']",
  message:
    'Use Button from web/src/ui/Button.tsx; a control of its own shape disables this line and says why.',
};
const serverOnly = {
  group: ['@uplift/server', '@uplift/server/*', '**/server/src/**'],
  message: 'The web app never imports server code; share through @uplift/contracts.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '.cache/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      // Native shells: generated projects and the web build copied into them.
      'web/android/**',
      'web/ios/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@uplift/server',
                '@uplift/server/*',
                '@uplift/web',
                '@uplift/web/*',
                '**/server/**',
                '**/web/**',
              ],
              message: 'contracts imports neither server nor web.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [serverOnly] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    // Tests may build the expected text with Intl to check what the app writes.
    ignores: ['web/src/lib/format/**', '**/*.test.{ts,tsx}'],
    rules: dateFormattingElsewhere,
  },
  {
    files: ['web/src/features/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    // Flat config replaces a rule's options, so the date selectors are repeated here.
    rules: {
      'no-restricted-syntax': [...dateFormattingElsewhere['no-restricted-syntax'], buttonsFromUi],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@uplift/web', '@uplift/web/*', '**/web/src/**'],
              message: 'The server never imports web code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...seedZones] }] },
  },
  {
    // In tests a failed assumption fails the test anyway; `!` keeps them readable.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'server/test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
