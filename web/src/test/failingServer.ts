import { vi } from 'vitest';
import { renderWithScreenReader } from './screenReader.tsx';

/** The message of the contract's server error, as `serveFailing` sends it. */
export const serverError = 'Server error occurred. Please try again later.';

/**
 * The server of a page that cannot load its data: the live stream stays quiet, the paths in `answers` are
 * answered, and every other call fails with `status` in the contract's error shape.
 */
export function serveFailing({
  status = 500,
  answers = {},
}: { status?: 404 | 500; answers?: Record<string, unknown> } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/events')
        return new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } });
      if (pathname in answers)
        return new Response(JSON.stringify(answers[pathname]), {
          headers: { 'content-type': 'application/json' },
        });
      const code = status === 404 ? 'NOT_FOUND' : 'API_ERROR';
      const body = { success: false, error: { code, message: serverError, statusCode: status } };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

/**
 * Opens the page, waits until every expected failure was said and a moment more for any second saying, and
 * returns what was announced. Sections failing together may be said in any order: the list comes sorted.
 */
export async function heardOn(path: string, expected: readonly (string | RegExp)[]): Promise<string[]> {
  const reader = await renderWithScreenReader(path);
  await reader.moveTo(/^heading, .*, level 1$/);
  for (const failure of expected) await reader.heard(failure);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return (await reader.announcements()).toSorted();
}
