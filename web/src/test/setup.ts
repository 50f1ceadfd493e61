import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// jsdom does no layout and leaves scrollTo unimplemented; ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;
