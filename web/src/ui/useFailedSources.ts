import { useCallback, useState } from 'react';
import { useIsOnline } from '../lib/offline/index.ts';

/**
 * Image sources that failed to load, forgotten when the connection comes back: an avatar that failed
 * offline is tried again after reconnecting rather than staying a placeholder until a reload.
 */
export function useFailedSources(): readonly [ReadonlySet<string>, (src: string) => void] {
  const online = useIsOnline();
  const [state, setState] = useState<{ online: boolean; failed: ReadonlySet<string> }>(() => ({
    online,
    failed: new Set(),
  }));
  let current = state;
  // Derived during render, as React recommends over an effect: back online, every source gets a new try.
  if (state.online !== online) {
    current = { online, failed: online ? new Set() : state.failed };
    setState(current);
  }
  const markFailed = useCallback(
    (src: string) => setState((previous) => ({ ...previous, failed: new Set(previous.failed).add(src) })),
    [],
  );
  return [current.failed, markFailed];
}
