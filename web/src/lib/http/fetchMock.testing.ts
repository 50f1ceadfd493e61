import { afterEach, beforeEach, vi } from 'vitest';

/** The global fetch, replaced for the client tests; reset before each test. */
export const fetchMock = vi.fn<typeof fetch>();

/** Stubs the global fetch with `fetchMock` around every test of the calling file. */
export function stubFetchAroundEachTest(): void {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
}

/** The request of the n-th fetch call, as a Request to inspect its URL, headers and body. */
export function requestAt(call: number): Request {
  const [url, init] = fetchMock.mock.calls[call] ?? [];
  return new Request(new URL(String(url), 'http://localhost'), init);
}
