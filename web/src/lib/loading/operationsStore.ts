import { loadingLimits } from '@uplift/contracts';
import { clampProgress } from './progress.ts';

export type LoadingOperationStatus = 'started' | 'progress' | 'complete' | 'error';

export interface LoadingOperation {
  id: string;
  label: string;
  status: LoadingOperationStatus;
  progress: number;
  error?: string;
  /** Stops the work (an upload's abort): the overlay, which blocks the screen, then offers "Cancel". */
  cancel?: () => void;
}

export interface LoadingOperationsStore {
  start(id: string, label?: string, cancel?: () => void): void;
  progress(id: string, progress: number, label?: string): void;
  /** SPEC §4: a completed operation is removed 0.5 s later. */
  complete(id: string): void;
  /** SPEC §4: a failed operation stays, with its message, until removed. */
  fail(id: string, error: string): void;
  remove(id: string): void;
  getSnapshot(): readonly LoadingOperation[];
  subscribe(listener: () => void): () => void;
}

/** Any operation still running, i.e. started or in progress. */
export function isAnyLoading(operations: readonly LoadingOperation[]): boolean {
  return operations.some((operation) => operation.status === 'started' || operation.status === 'progress');
}

/** The mean progress of the running operations, for one overall bar. */
export function overallProgress(operations: readonly LoadingOperation[]): number {
  const running = operations.filter(
    (operation) => operation.status === 'started' || operation.status === 'progress',
  );
  if (running.length === 0) return 100;
  return clampProgress(running.reduce((sum, operation) => sum + operation.progress, 0) / running.length);
}

/** SPEC §4 loading operations: started, then progress 0-100, then complete (removed after 0.5 s) or error. */
export function createLoadingOperationsStore(): LoadingOperationsStore {
  let operations: readonly LoadingOperation[] = [];
  const removals = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  function publish(next: readonly LoadingOperation[]): void {
    operations = next;
    for (const listener of listeners) listener();
  }

  function cancelRemoval(id: string): void {
    clearTimeout(removals.get(id));
    removals.delete(id);
  }

  function update(id: string, change: (operation: LoadingOperation) => LoadingOperation): void {
    if (!operations.some((operation) => operation.id === id)) return;
    publish(operations.map((operation) => (operation.id === id ? change(operation) : operation)));
  }

  function remove(id: string): void {
    cancelRemoval(id);
    if (operations.some((operation) => operation.id === id)) {
      publish(operations.filter((operation) => operation.id !== id));
    }
  }

  return {
    start(id, label = loadingLimits.defaultStage, cancel) {
      cancelRemoval(id);
      const operation: LoadingOperation = {
        id,
        label,
        status: 'started',
        progress: 0,
        ...(cancel ? { cancel } : {}),
      };
      publish([...operations.filter((existing) => existing.id !== id), operation]);
    },
    progress(id, progress, label) {
      update(id, (operation) =>
        operation.status === 'complete' || operation.status === 'error'
          ? operation
          : {
              ...operation,
              status: 'progress',
              progress: clampProgress(progress),
              label: label ?? operation.label,
            },
      );
    },
    complete(id) {
      if (!operations.some((operation) => operation.id === id)) return;
      update(id, (operation) => ({ ...operation, status: 'complete', progress: 100 }));
      cancelRemoval(id);
      removals.set(
        id,
        setTimeout(() => remove(id), loadingLimits.operationRemoveAfterCompleteMs),
      );
    },
    fail(id, error) {
      cancelRemoval(id);
      update(id, (operation) => ({ ...operation, status: 'error', error }));
    },
    remove,
    getSnapshot: () => operations,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one store; the global loading overlay follows it. */
export const loadingOperations = createLoadingOperationsStore();
