import { expect } from 'vitest';

/**
 * A public read served from the public cache (plugins/public-cache.ts): anonymous repeats get the same body
 * under one strong ETag, and a caller who sends that ETag back gets 304 with no body and the same ETag.
 * Returns the first answer's ETag.
 */
export async function expectEtagRevalidation(
  read: (headers?: Record<string, string>) => Promise<Response>,
): Promise<string> {
  const first = await read();
  const etag = first.headers.get('etag') ?? '';
  expect(etag).toMatch(/^"[\w-]{22}"$/);
  const again = await read();
  expect(again.headers.get('etag')).toBe(etag);
  expect(await again.text()).toBe(await first.text());

  const revalidated = await read({ 'if-none-match': etag });
  expect(revalidated.status).toBe(304);
  expect(await revalidated.text()).toBe('');
  expect(revalidated.headers.get('etag')).toBe(etag);
  return etag;
}
