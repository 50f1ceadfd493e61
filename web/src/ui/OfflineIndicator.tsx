import { CloudOff } from 'lucide-react';
import { useRef } from 'react';
import { useConnectivity, useOfflineQueue } from '../lib/offline/index.ts';
import { offlineIndicatorHeightVar, usePublishedHeight } from './toasts/topOverlays.ts';

function waitingText(count: number): string {
  if (count === 0) return '';
  return count === 1 ? ' 1 action waiting to sync.' : ` ${count} actions waiting to sync.`;
}

/**
 * SPEC §2 offline indicator: while offline, a small badge at the top of every screen says so and how many
 * actions wait in the queue. It stays while offline, whatever becomes of the "Connection Lost" toast, and
 * the toasts stack below it; screens start below both (toasts/topOverlays.ts).
 */
export function OfflineIndicator() {
  const online = useConnectivity((state) => state.online);
  const simulated = useConnectivity((state) => state.simulated);
  const waiting = useOfflineQueue().length;
  const ref = useRef<HTMLElement>(null);
  usePublishedHeight(ref, offlineIndicatorHeightVar, !online);
  if (online) return null;
  return (
    <aside
      ref={ref}
      aria-label="Connection status"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center px-safe pt-[max(0.5rem,var(--safe-top,env(safe-area-inset-top)))]"
    >
      <p
        role="status"
        className="flex items-center gap-2 rounded-full bg-slate-900 px-3 py-1.5 text-sm font-medium text-white shadow-lg"
      >
        <CloudOff aria-hidden="true" className="size-4 shrink-0 text-amber-300" />
        <span>
          {simulated ? "You're offline (simulated)." : "You're offline."}
          {waitingText(waiting)}
        </span>
      </p>
    </aside>
  );
}
