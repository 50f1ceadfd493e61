import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/preact';
import { afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup. Preact runs effects after
// paint, on a timer: the ones still waiting run here, inside act, while jsdom is still there; left to
// their timer they could fire after the file's environment is gone ("window is not defined").
afterEach(async () => {
  await act(async () => {});
  cleanup();
  await act(async () => {});
});

// Routes load their screens lazily, and on a busy two-core CI machine the first import of a screen's module
// graph has taken more than the default second: findBy and waitFor give it five.
configure({ asyncUtilTimeout: 5_000 });

// jsdom does no layout and leaves scrollTo unimplemented; ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;
