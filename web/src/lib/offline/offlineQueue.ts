import { offlineLimits } from '@uplift/contracts';
import { debugLog } from '../errors/debug.ts';
import { NetworkError } from '../http/errors.ts';
import { haptics } from '../native/haptics.ts';
import type { ToastInput } from '../toasts/toastStore.ts';
import {
  createQueueItem,
  queueClearedToast,
  recordFailure,
  savedForLaterToast,
  sortForReplay,
  syncOutcomeToast,
  waitingFor,
  type OfflineQueueItem,
  type QueueItemInput,
} from './queueRules.ts';
import type { QueueStorage } from './queueStorage.ts';

export interface ProcessResult {
  succeeded: number;
  failed: number;
  /** Dropped at their maxRetries during this run. */
  dropped: number;
  /** Still queued afterwards (in this tab's view). */
  remaining: number;
  /** Why nothing was sent: offline, another run (here or in another tab) is on it, or nothing to send. */
  skipped?: 'offline' | 'busy' | 'empty';
}

export interface OfflineQueueDeps {
  storage: QueueStorage;
  /** Replays one item (SPEC §7: stored method and URL, JSON body, 10 s time-out, its idempotency key). */
  send: (item: OfflineQueueItem) => Promise<unknown>;
  isOnline: () => boolean;
  /** The signed-in user's id: items queued by someone else wait for them. */
  currentOwner: () => string | null;
  notify: (toast: ToastInput) => void;
  /** Runs `task` while holding the cross-tab queue lock, or resolves undefined when another tab holds it. */
  withLock: <T>(task: () => Promise<T>) => Promise<T | undefined>;
  now?: () => number;
  createId?: () => string;
  /** Opens the line to the other tabs (at `start`): this tab posts its changes and hears theirs. */
  openBroadcast?: () => QueueBroadcast | undefined;
}

export interface QueueBroadcast {
  post(): void;
  /** Returns the function that stops listening and closes the line. */
  listen(onRemoteChange: () => void): () => void;
}

export interface OfflineQueue {
  /** Queues an action; SPEC §8 "Saved for Later" unless `notify` is false. Resolves with the stored item. */
  enqueue(input: QueueItemInput, options?: { notify?: boolean }): Promise<OfflineQueueItem>;
  /** SPEC §4: replays everything in order; one run at a time across tabs. */
  process(): Promise<ProcessResult>;
  /** SPEC §8: empties the queue, "Offline queue cleared". */
  clear(options?: { notify?: boolean }): Promise<void>;
  /** The queue as last read, in replay order. */
  getSnapshot(): readonly OfflineQueueItem[];
  subscribe(listener: () => void): () => void;
  /** Re-reads storage (e.g. at start-up). */
  refresh(): Promise<void>;
  isProcessing(): boolean;
  /** Reads the stored queue, follows other tabs' changes, and replays what is left when online. */
  start(): () => void;
  stop(): void;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A replay that could not reach the server is not the action failing: it waits for the connection. */
function isConnectionFailure(error: unknown): boolean {
  return error instanceof NetworkError;
}

export function createOfflineQueue(deps: OfflineQueueDeps): OfflineQueue {
  const now = deps.now ?? (() => Date.now());
  const createId = deps.createId ?? (() => crypto.randomUUID());
  let snapshot: readonly OfflineQueueItem[] = [];
  let running: Promise<ProcessResult> | null = null;
  /** Something was queued while a run was under way (which read the queue before it): run again after. */
  let queuedDuringRun = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let broadcast: QueueBroadcast | undefined;
  const listeners = new Set<() => void>();

  function publish(items: readonly OfflineQueueItem[]): void {
    snapshot = sortForReplay(items);
    for (const listener of listeners) listener();
  }

  async function refresh(): Promise<void> {
    try {
      publish(await deps.storage.all());
    } catch (error) {
      debugLog('queue', 'could not read the queue', error);
    }
  }

  async function changed(): Promise<void> {
    await refresh();
    broadcast?.post();
  }

  let stopListening: () => void = () => undefined;

  function scheduleRetry(): void {
    if (retryTimer !== null || stopped) return;
    // SPEC §9: a failed action is tried again after 5 s.
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void process();
    }, offlineLimits.retryDelayMs);
  }

  async function run(): Promise<ProcessResult> {
    const result: ProcessResult = { succeeded: 0, failed: 0, dropped: 0, remaining: 0 };
    const owner = deps.currentOwner();
    const stored = await deps.storage.all();
    const items = sortForReplay(stored).filter((item) => item.ownerId === null || item.ownerId === owner);
    if (items.length === 0) return { ...result, skipped: 'empty' };
    // Not yet sent, and dropped for good: an item depending on either is not sent in this run.
    const outstanding = new Set(stored.map((item) => item.id));
    const abandoned = new Set<string>();
    let retryLater = false;
    let attempts = 0;
    for (const item of items) {
      if (!deps.isOnline() || stopped) break;
      if (item.dependsOn?.some((id) => abandoned.has(id))) {
        // What it builds on will never exist (a comment on a post the server refused): it cannot succeed.
        result.failed += 1;
        result.dropped += 1;
        abandoned.add(item.id);
        outstanding.delete(item.id);
        await deps.storage.delete(item.id);
        debugLog('queue', 'dropped with its dependency', item.id);
        continue;
      }
      if (waitingFor(item, outstanding).length > 0) continue;
      // SPEC §9: 100 ms between replays.
      if (attempts > 0) await sleep(offlineLimits.pauseBetweenReplaysMs);
      attempts += 1;
      try {
        debugLog('queue', 'replaying', item.method, item.url, item.id);
        await deps.send(item);
        await deps.storage.delete(item.id);
        outstanding.delete(item.id);
        result.succeeded += 1;
      } catch (error) {
        if (isConnectionFailure(error)) {
          debugLog('queue', 'connection gone; the rest waits', error);
          break;
        }
        result.failed += 1;
        const { item: next, dropped } = recordFailure(item);
        if (dropped) {
          result.dropped += 1;
          abandoned.add(item.id);
          outstanding.delete(item.id);
          await deps.storage.delete(item.id);
          debugLog('queue', 'dropped at maxRetries', item.id, error);
        } else {
          retryLater = true;
          await deps.storage.put(next);
          debugLog('queue', 'failed; retrying later', item.id, error);
        }
      }
    }
    await changed();
    result.remaining = snapshot.length;
    const notice = syncOutcomeToast(result, () => void process());
    if (notice) {
      deps.notify(notice);
      // SPEC §7's notification haptic with the toast: a sync that failed is felt as well as shown.
      if (notice.type === 'success' || notice.type === 'warning' || notice.type === 'error')
        haptics.notification(notice.type);
    }
    if (retryLater) scheduleRetry();
    return result;
  }

  function process(): Promise<ProcessResult> {
    if (!deps.isOnline()) {
      return Promise.resolve({
        succeeded: 0,
        failed: 0,
        dropped: 0,
        remaining: snapshot.length,
        skipped: 'offline',
      });
    }
    if (running) return running;
    if (retryTimer !== null) {
      clearTimeout(retryTimer);
      retryTimer = null;
    }
    const current = deps
      .withLock(run)
      .then(
        (result): ProcessResult =>
          result ?? { succeeded: 0, failed: 0, dropped: 0, remaining: snapshot.length, skipped: 'busy' },
      )
      .catch((error: unknown): ProcessResult => {
        debugLog('queue', 'run failed', error);
        return { succeeded: 0, failed: 0, dropped: 0, remaining: snapshot.length };
      })
      .finally(() => {
        running = null;
        if (queuedDuringRun) {
          queuedDuringRun = false;
          void process();
        } else void refresh();
      });
    running = current;
    return current;
  }

  function stop(): void {
    stopped = true;
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
    stopListening();
    stopListening = () => undefined;
    broadcast = undefined;
  }

  return {
    async enqueue(input, options = {}) {
      const item = createQueueItem(
        { ...input, ownerId: input.ownerId === undefined ? deps.currentOwner() : input.ownerId },
        { id: createId(), now: now() },
      );
      const dropped = await deps.storage.add(item);
      if (running) queuedDuringRun = true;
      if (dropped.length > 0) debugLog('queue', 'full: dropped', dropped);
      await changed();
      if (options.notify !== false) deps.notify(savedForLaterToast);
      return item;
    },
    process,
    async clear(options = {}) {
      await deps.storage.clear();
      await changed();
      if (options.notify !== false) deps.notify(queueClearedToast);
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    isProcessing: () => running !== null,
    start() {
      stopped = false;
      broadcast = deps.openBroadcast?.();
      stopListening = broadcast?.listen(() => void refresh()) ?? (() => undefined);
      // Left over from the last visit (or app start): send it if we can.
      void refresh().then(() => {
        if (snapshot.length > 0 && deps.isOnline()) void process();
      });
      return stop;
    },
    stop,
  };
}

/** SPEC §4: one tab replays at a time (Web Locks); without the API, this tab just goes ahead. */
export function webLock(name: string) {
  return async <T>(task: () => Promise<T>): Promise<T | undefined> => {
    if (typeof navigator === 'undefined' || !navigator.locks) return task();
    return navigator.locks.request(name, { ifAvailable: true }, async (lock) => (lock ? task() : undefined));
  };
}

/** Tells the other tabs of this app that the queue changed. */
export function broadcastChannel(name: string): QueueBroadcast | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(name);
  return {
    post: () => channel.postMessage('changed'),
    listen(onRemoteChange) {
      const handler = () => onRemoteChange();
      channel.addEventListener('message', handler);
      return () => {
        channel.removeEventListener('message', handler);
        channel.close();
      };
    },
  };
}
