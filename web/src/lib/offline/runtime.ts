import { offlineLimits } from '@uplift/contracts';
import type { statusResponseSchema } from '@uplift/contracts';
import { requestUrl, request, type ResponseSchema, serverChecked } from '../http/client.ts';
import { watchNetworkStatus } from '../native/network.ts';
import { isNativePlatform } from '../native/platform.ts';
import { toast } from '../toasts/toastStore.ts';
import { createConnectivity } from './connectivityStore.ts';
import { createContentCache } from './contentCache.ts';
import { broadcastChannel, createOfflineQueue, webLock } from './offlineQueue.ts';
import type { OfflineQueueItem } from './queueRules.ts';
import { createQueueStorage } from './queueStorage.ts';

/** Who is signed in; set by start-up (lib never imports the auth feature). */
let ownerResolver: () => string | null = () => null;

export function setQueueOwnerResolver(resolve: () => string | null): void {
  ownerResolver = resolve;
}

const anyResponse: ResponseSchema<unknown> = { parse: (data) => data };

/** SPEC §7: a queued action replays with its stored method and URL, a JSON body and a 10 s time-out. */
export function replayQueuedAction(item: OfflineQueueItem): Promise<unknown> {
  return requestUrl(item.url, {
    method: item.method,
    body: item.data === null ? undefined : item.data,
    schema: anyResponse,
    timeoutMs: offlineLimits.replayTimeoutMs,
    retry: false,
    idempotencyKey: item.idempotencyKey,
  });
}

/** SPEC §7: GET /api/status, 5 s time-out, no retry (the next probe is the retry). */
async function probeStatus(): Promise<{ build: string }> {
  const status = await request('/status', {
    schema: serverChecked<typeof statusResponseSchema>(),
    timeoutMs: offlineLimits.probeTimeoutMs,
    retry: false,
    auth: false,
  });
  return { build: status.build };
}

/** The app's content cache (SPEC §3, §9). */
export const contentCache = createContentCache();

/** The app's connectivity (SPEC §4). */
export const connectivity = createConnectivity({
  probe: probeStatus,
  notify: (input) => void toast.show(input),
  dismissAllToasts: () => toast.dismissAll(),
  onRestored: () => void offlineQueue.process(),
  // In the shells the native network plugin knows better than the web view's events.
  watchNative: isNativePlatform() ? watchNetworkStatus : undefined,
});

/** The app's offline queue (SPEC §3, §4, §9). */
export const offlineQueue = createOfflineQueue({
  storage: createQueueStorage(),
  send: replayQueuedAction,
  isOnline: () => connectivity.getState().online,
  currentOwner: () => ownerResolver(),
  notify: (input) => void toast.show(input),
  withLock: webLock('uplift-offline-queue'),
  openBroadcast: () => broadcastChannel('uplift-offline-queue'),
});
