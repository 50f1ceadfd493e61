import { apiUrl } from '../../lib/http/index.ts';

/**
 * The service worker's cache of video files (vite.config.ts serves /api/videos/…/media|poster|captions
 * from it, slicing ranges). A file lands there when the member opens its video online.
 */
export const videoMediaCacheName = 'uplift-video-media';

/** The server names files by API path (`/api/videos/…`); the shells reach the API at an absolute base. */
export function fileUrl(apiPath: string): string {
  return apiUrl(apiPath.replace(/^\/api(?=\/)/, ''));
}

function cacheAvailable(): boolean {
  return typeof caches !== 'undefined' && 'serviceWorker' in navigator && import.meta.env.PROD;
}

/**
 * Where a file is kept offline: its URL without a premium file's signature (`exp`, `sig`), which changes
 * every quarter hour while the file does not, so a copy kept from one link still answers a later link.
 * The service worker keys its cache the same way (vite.config.ts).
 */
export function offlineKey(url: string): string {
  const unsigned = new URL(url, globalThis.location?.href);
  unsigned.searchParams.delete('exp');
  unsigned.searchParams.delete('sig');
  return unsigned.href;
}

/** Keeps whole copies of the files of a video the member opened, so it plays again with no connection. */
export async function keepForOffline(urls: ReadonlyArray<string | null>): Promise<void> {
  if (!cacheAvailable()) return;
  const cache = await caches.open(videoMediaCacheName);
  for (const url of urls) {
    if (!url || (await cache.match(offlineKey(url)))) continue;
    // A full GET (no Range), so the cached copy can answer any range later; best effort.
    const response = await fetch(url, { credentials: 'include' }).catch(() => null);
    if (response?.status === 200) await cache.put(offlineKey(url), response).catch(() => undefined);
  }
}

/** Whether a video's file was kept on this device (then it plays offline). */
export async function isKeptOffline(url: string): Promise<boolean> {
  if (!cacheAvailable()) return false;
  const cache = await caches.open(videoMediaCacheName);
  return (await cache.match(offlineKey(url))) !== undefined;
}
