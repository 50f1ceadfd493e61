import { useMemo, useSyncExternalStore } from 'preact/compat';

/**
 * `use-sync-external-store/shim/with-selector` for TanStack Table's store, on Preact's
 * `useSyncExternalStore`. The package is CommonJS, whose `require('react')` the unit tests' aliases cannot
 * reach (they would load React itself); its behaviour is this: select from the snapshot, and keep the
 * previous selection while the snapshot is unchanged or `isEqual` says the selection is.
 */
export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  _getServerSnapshot: undefined | null | (() => Snapshot),
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  const getSelection = useMemo(() => {
    let memoized: { snapshot: Snapshot; selection: Selection } | undefined;
    return (): Selection => {
      const snapshot = getSnapshot();
      if (memoized && Object.is(memoized.snapshot, snapshot)) return memoized.selection;
      const selection = selector(snapshot);
      if (memoized && isEqual?.(memoized.selection, selection)) {
        memoized = { snapshot, selection: memoized.selection };
        return memoized.selection;
      }
      memoized = { snapshot, selection };
      return selection;
    };
  }, [getSnapshot, selector, isEqual]);
  return useSyncExternalStore(subscribe, getSelection);
}
