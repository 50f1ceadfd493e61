import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { Button } from '../Button.tsx';
import {
  isAnyLoading,
  loadingOperations,
  overallProgress,
  type LoadingOperationsStore,
} from '../../lib/loading/operationsStore.ts';

// Only a long operation (an upload, say) shows it: its code comes with the first one, not with every first
// screen (decision 0068).
const LoadingOverlay = lazy(async () => ({ default: (await import('./LoadingOverlay.tsx')).LoadingOverlay }));

/** The overlay for the app's loading operations (SPEC §4), e.g. a long upload started anywhere. */
export function GlobalLoadingOverlay({ store = loadingOperations }: { store?: LoadingOperationsStore }) {
  const operations = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const isLoading = isAnyLoading(operations);
  // Once wanted, it stays mounted: it lingers after the last operation ends, and shows the next at once.
  const [wanted, setWanted] = useState(isLoading);
  if (isLoading && !wanted) setWanted(true);
  if (!wanted) return null;
  const running = operations.filter(
    (operation) => operation.status === 'started' || operation.status === 'progress',
  );
  const current = running.at(-1);
  const cancel = current?.cancel;
  return (
    <Suspense fallback={null}>
      <LoadingOverlay
        isLoading={isLoading}
        progress={overallProgress(operations)}
        stage={(current ?? operations.at(-1))?.label}
      >
        {/* The overlay blocks the screen: work that can be stopped (an upload) is stopped from here. */}
        {cancel && (
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
        )}
      </LoadingOverlay>
    </Suspense>
  );
}
