import type { errorLogResponseSchema } from '@uplift/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { debugLog, initDebug } from '../errors/debug.ts';
import { installGlobalErrorHandlers } from '../errors/globalHandlers.ts';
import { connectErrorReporting } from '../errors/report.ts';
import { serverChecked } from '../http/client.ts';
import { connectConnectivity } from '../http/connectivity.ts';
import { isNativePlatform } from '../native/platform.ts';
import { toast } from '../toasts/toastStore.ts';
import {
  currentBuildId,
  fetchPublishedManifest,
  startBuildCheck,
  updateAvailableToast,
} from './buildCheck.ts';
import { connectQueryClient } from './queryBridge.ts';
import { connectivity, contentCache, offlineQueue, setQueueOwnerResolver } from './runtime.ts';
import { sendOrQueue } from './sendOrQueue.ts';
import { registerServiceWorker, type ServiceWorkerControl } from './serviceWorker.ts';

export interface StartOfflineOptions {
  queryClient: QueryClient;
  /** The signed-in user's id (queued actions belong to whoever queued them). */
  currentUserId: () => string | null;
}

function reload(): void {
  window.location.reload();
}

/** Web only: the service worker, and a reload offered when a new build is published (SPEC §7). */
function startUpdates(): () => void {
  if (isNativePlatform()) return () => undefined;
  let worker: ServiceWorkerControl | null = null;
  const offerReload = (): void => {
    toast.show(updateAvailableToast(() => (worker ? worker.applyUpdate() : reload())));
  };
  const registered = registerServiceWorker(offerReload)
    .then((control) => {
      worker = control;
    })
    .catch((error: unknown) => debugLog('sw', 'not registered', error));
  const stopCheck = startBuildCheck({
    running: currentBuildId,
    fetchManifest: fetchPublishedManifest,
    onNewBuild: (manifest) => {
      debugLog('update', 'new build published', manifest);
      // With a service worker, its update shows the prompt once the new version is installed.
      void registered.then(async () => {
        if (worker) await worker.checkForUpdate();
        else offerReload();
      });
    },
  });
  return stopCheck;
}

/**
 * Starts the offline layer for the app (main.tsx): debug flags, the HTTP client's connectivity, error
 * reporting and the global error handlers, connectivity probing, the queue, the content cache and its
 * cleanup, TanStack Query's online state and cache, the service worker and the update check. Returns the
 * stop function (tests, hot reload).
 */
export function startOffline({ queryClient, currentUserId }: StartOfflineOptions): () => void {
  initDebug();
  setQueueOwnerResolver(currentUserId);
  const stops: (() => void)[] = [
    connectConnectivity({
      isOffline: () => !connectivity.getState().online || navigator.onLine === false,
      isSimulatedOffline: () => connectivity.getState().simulated,
      onNetworkFailure: () => connectivity.reportNetworkFailure(),
      onReachable: () => connectivity.reportReachable(),
    }),
    // SPEC §8: logged to the server, or queued at low priority when offline.
    connectErrorReporting((payload) =>
      sendOrQueue({
        method: 'POST',
        path: '/log-error',
        body: payload,
        schema: serverChecked<typeof errorLogResponseSchema>(),
        type: 'error-log',
        description: `Error report: ${payload.message.slice(0, 80)}`,
        priority: 'low',
        notify: false,
        ownerId: null,
        auth: false,
      }),
    ),
    installGlobalErrorHandlers(),
    connectivity.start(),
    offlineQueue.start(),
    contentCache.startCleanup(),
    connectQueryClient(queryClient, {
      cache: contentCache,
      isOnline: () => connectivity.getState().online,
      subscribeOnline: (listener) =>
        connectivity.subscribe((state, previous) => {
          if (state.online !== previous.online) listener(state.online);
        }),
      notify: (input) => void toast.show(input),
    }),
    startUpdates(),
  ];
  return () => {
    for (const stop of stops.reverse()) stop();
  };
}

/** Sign-out: cached content belonged to the session that ended. */
export function clearOfflineContent(): void {
  contentCache.clear();
}
