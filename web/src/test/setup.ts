import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup: each test unmounts here.
afterEach(() => {
  cleanup();
});

// Routes load their screens lazily, and on a busy two-core CI machine the first import of a screen's module
// graph has taken more than the default second: findBy and waitFor give it five.
configure({ asyncUtilTimeout: 5_000 });

// jsdom does no layout and leaves scrollTo unimplemented; ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;
