import { vi } from 'vitest';
import { renderWithScreenReader } from './screenReader.tsx';

/** The message of the contract's server error, as `serveFailing` sends it. */
export const serverError = 'Server error occurred. Please try again later.';

/**
 * The server of a page that cannot load its data: the live stream is quiet until `publish`, the paths in
 * `answers` are answered (delete one to have it fail from then on), and every other call fails with
 * `status` in the contract's error shape.
 */
export function serveFailing({
  status = 500,
  answers = {},
}: { status?: 404 | 500; answers?: Record<string, unknown> } = {}) {
  let events: ReadableStreamDefaultController<Uint8Array> | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/events')
        return new Response(
          new ReadableStream<Uint8Array>({ start: (controller) => void (events = controller) }),
          {
            headers: { 'content-type': 'text/event-stream' },
          },
        );
      if (pathname in answers)
        return new Response(JSON.stringify(answers[pathname]), {
          headers: { 'content-type': 'application/json' },
        });
      const code = status === 404 ? 'NOT_FOUND' : 'API_ERROR';
      const body = { success: false, error: { code, message: serverError, statusCode: status } };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    /** Sends a live event, as the server tells the member's devices (ids and small facts only). */
    publish(type: string, data: Record<string, unknown>) {
      const event = { id: '1', type, data, at: new Date(0).toISOString() };
      events?.enqueue(new TextEncoder().encode(`id: 1\ndata: ${JSON.stringify(event)}\n\n`));
    },
  };
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
