import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/preact';
import { afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup. Preact 11 runs effects, and
// the cleanups of an unmounted tree, on a timer after paint: unmounting inside act runs them at once, while
// jsdom is still there; left to their timer they could fire after the file's environment is gone
// ("window is not defined" from a listener's removal).
afterEach(async () => {
  await act(async () => {
    cleanup();
  });
});

// Routes load their screens lazily, and on a busy two-core CI machine the first import of a screen's module
// graph has taken more than the default second: findBy and waitFor give it five.
configure({ asyncUtilTimeout: 5_000 });

// jsdom does no layout and leaves scrollTo unimplemented; ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;
