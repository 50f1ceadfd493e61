import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/preact';
import { afterAll, afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup. Preact 11 runs effects, and
// the cleanups of an unmounted tree, on a timer after paint: unmounting inside act runs them at once, while
// jsdom is still there; left to their timer they could fire after the file's environment is gone
// ("window is not defined" from a listener's removal).
afterEach(async () => {
  await act(async () => {
    cleanup();
  });
});

// A render outside act (a query's answer arriving after the test's last look) leaves Preact's after-paint
// timer pending: 35 ms, or the next animation frame. Should the file end first, it fires once jsdom is gone
// ("cancelAnimationFrame is not defined", seen once on a busy CI run). The file waits it out.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 0));
});

// Routes load their screens lazily, and on a busy two-core CI machine the first import of a screen's module
// graph has taken more than the default second: findBy and waitFor give it five.
configure({ asyncUtilTimeout: 5_000 });

// jsdom does no layout and leaves scrollTo unimplemented; ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;
