import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverOnly = {
  group: ['@uplift/server', '@uplift/server/*', '**/server/src/**'],
  message: 'The web app never imports server code; share through @uplift/contracts.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
    // In tests a failed assumption fails the test anyway; `!` keeps them readable.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'server/test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
