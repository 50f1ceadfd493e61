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

/** Keeps whole copies of the files of a video the member opened, so it plays again with no connection. */
export async function keepForOffline(urls: ReadonlyArray<string | null>): Promise<void> {
  if (!cacheAvailable()) return;
  const cache = await caches.open(videoMediaCacheName);
  for (const url of urls) {
    if (!url || (await cache.match(url))) continue;
    // A full GET (no Range), so the cached copy can answer any range later; best effort.
    await cache.add(new Request(url, { credentials: 'include' })).catch(() => undefined);
  }
}

/** Whether a video's file was kept on this device (then it plays offline). */
export async function isKeptOffline(url: string): Promise<boolean> {
  if (!cacheAvailable()) return false;
  const cache = await caches.open(videoMediaCacheName);
  return (await cache.match(url)) !== undefined;
}
