import '@testing-library/jest-dom/vitest';
import {
  ReadableStream,
  TextDecoderStream,
  TextEncoderStream,
  TransformStream,
  WritableStream,
} from 'node:stream/web';
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

// The web project runs in VM contexts (vitest.config.ts: a fresh jsdom realm per file without a fresh
// worker). That realm is jsdom's window alone, which has no WHATWG streams; browsers and Node have them, so
// the chat and live-event readers get Node's.
for (const [name, value] of Object.entries({
  ReadableStream,
  WritableStream,
  TransformStream,
  TextDecoderStream,
  TextEncoderStream,
})) {
  if (!(name in globalThis)) Object.assign(globalThis, { [name]: value });
}
