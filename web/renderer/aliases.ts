import { fileURLToPath } from 'node:url';

/**
 * The app renders with Preact through its React compat layer (decision 0034): every import of React,
 * React DOM and the JSX runtime, the app's and its libraries', resolves here. The unit tests use the same
 * aliases, so they exercise the renderer members get.
 */
export const preactAliases = [
  { find: /^react$/, replacement: fileURLToPath(new URL('./react.ts', import.meta.url)) },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  {
    find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
    replacement: fileURLToPath(new URL('./useSyncExternalStoreWithSelector.ts', import.meta.url)),
  },
];
