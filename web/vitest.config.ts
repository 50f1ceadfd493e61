import { defineProject } from 'vitest/config';
import { preactAliases } from './renderer/aliases.ts';

export default defineProject({
  resolve: {
    alias: [
      ...preactAliases,
      // Its "node" export is CommonJS, whose require('react') Vite cannot alias: the ES build instead.
      { find: /^lucide-react$/, replacement: 'lucide-react/dist/esm/lucide-react.mjs' },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Libraries that import React are run through Vite, so the aliases reach them too: one renderer.
    server: {
      deps: {
        inline: [
          /@testing-library\/preact/,
          /react-router/,
          /@tanstack\/react-/,
          /zustand/,
          /lucide-react/,
          /markdown-to-jsx/,
        ],
      },
    },
  },
});
