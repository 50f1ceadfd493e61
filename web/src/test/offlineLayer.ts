import { vi } from 'vitest';
import { resetAuthForTest } from '../features/auth/testing.ts';
import { connectivity, offlineQueue } from '../lib/offline/index.ts';
import { setQueueOwnerResolver } from '../lib/offline/runtime.ts';
import { toastStore } from '../lib/toasts/toastStore.ts';

/** Where a test of the offline layer starts: the network up, the server reachable, nothing simulated. */
export function goOnline(): void {
  connectivity.store.setState({ networkUp: true, reachable: true, simulated: false, online: true });
}

/**
 * What a test of a queued write leaves behind, put back for the next test: stubbed globals (fetch), the
 * queue and whose it is, the toasts it raised, and the signed-in member.
 */
export async function resetOfflineLayer(): Promise<void> {
  vi.unstubAllGlobals();
  await offlineQueue.clear({ notify: false });
  toastStore.dismissAll();
  setQueueOwnerResolver(() => null);
  resetAuthForTest();
}
