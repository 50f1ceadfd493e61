import { offlineLimits, toastLimits } from '@uplift/contracts';
import type { ToastInput } from '../toasts/toastStore.ts';

export const queuePriorities = ['low', 'medium', 'high'] as const;
export type QueuePriority = (typeof queuePriorities)[number];
export type QueueMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** SPEC §3 offline queue item, plus the key that makes its replay safe and whose session it belongs to. */
export interface OfflineQueueItem {
  id: string;
  /** What kind of action this is, e.g. "error-log" or "partner-connect". */
  type: string;
  /** The absolute address it replays to. */
  url: string;
  method: QueueMethod;
  /** The JSON body. */
  data: unknown;
  maxRetries: number;
  priority: QueuePriority;
  /** What the user did, in their words ("Connect with Acme"). */
  description: string;
  /** When it was queued (ms since the epoch). */
  timestamp: number;
  retryCount: number;
  /** Sent as `Idempotency-Key` on every replay: the server applies the action once, however often it arrives. */
  idempotencyKey: string;
  /** The signed-in user who queued it; null for actions anyone may send (error reports). */
  ownerId: string | null;
  /**
   * Queued items (by id) that must reach the server first: a comment on a post written offline names the
   * post's item, so it is never sent before the post exists.
   */
  dependsOn?: string[];
}

export interface QueueItemInput {
  type: string;
  url: string;
  method: QueueMethod;
  data?: unknown;
  /** SPEC §9: 3 by default. */
  maxRetries?: number;
  /** Medium unless said otherwise. */
  priority?: QueuePriority;
  description: string;
  idempotencyKey?: string;
  ownerId?: string | null;
  dependsOn?: string[];
}

export function createQueueItem(
  input: QueueItemInput,
  made: { id: string; now: number; idempotencyKey?: string },
): OfflineQueueItem {
  return {
    id: made.id,
    type: input.type,
    url: input.url,
    method: input.method,
    data: input.data ?? null,
    maxRetries: input.maxRetries ?? offlineLimits.defaultMaxRetries,
    priority: input.priority ?? 'medium',
    description: input.description,
    timestamp: made.now,
    retryCount: 0,
    idempotencyKey: input.idempotencyKey ?? made.idempotencyKey ?? made.id,
    ownerId: input.ownerId ?? null,
    ...(input.dependsOn?.length ? { dependsOn: [...input.dependsOn] } : {}),
  };
}

const rank: Record<QueuePriority, number> = { high: 0, medium: 1, low: 2 };

/** SPEC §4: high priority first, then oldest first (the id breaks exact ties, so the order is stable). */
export function compareForReplay(a: OfflineQueueItem, b: OfflineQueueItem): number {
  return (
    rank[a.priority] - rank[b.priority] ||
    a.timestamp - b.timestamp ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The replay order: SPEC §4's order, except that an item never comes before an item it depends on (a
 * comment waits for its post even if it has the higher priority). Items whose dependency is not in the
 * list keep their place: that dependency was sent already.
 */
export function sortForReplay(items: readonly OfflineQueueItem[]): OfflineQueueItem[] {
  const waiting = [...items].sort(compareForReplay);
  const present = new Set(waiting.map((item) => item.id));
  const placed = new Set<string>();
  const ordered: OfflineQueueItem[] = [];
  while (waiting.length > 0) {
    const ready = waiting.findIndex((item) =>
      (item.dependsOn ?? []).every((id) => placed.has(id) || !present.has(id)),
    );
    // A cycle cannot be queued (an item only names items queued before it); if one appears, keep SPEC order.
    const [next] = waiting.splice(ready === -1 ? 0 : ready, 1);
    if (!next) break;
    placed.add(next.id);
    ordered.push(next);
  }
  return ordered;
}

/** The ids `item` still waits for among `outstanding` (items not yet sent). */
export function waitingFor(item: OfflineQueueItem, outstanding: ReadonlySet<string>): string[] {
  return (item.dependsOn ?? []).filter((id) => outstanding.has(id));
}

/** SPEC §9: over 50 items, the lowest priority goes first, and among those the oldest. */
export function selectEvictions(
  items: readonly OfflineQueueItem[],
  max: number = offlineLimits.queueMaxItems,
): OfflineQueueItem[] {
  const excess = items.length - max;
  if (excess <= 0) return [];
  const victims = [...items].sort(
    (a, b) => rank[b.priority] - rank[a.priority] || a.timestamp - b.timestamp || (a.id < b.id ? -1 : 1),
  );
  return victims.slice(0, excess);
}

/** SPEC §4: a failed replay counts; at maxRetries the item is dropped. */
export function recordFailure(item: OfflineQueueItem): { item: OfflineQueueItem; dropped: boolean } {
  const next = { ...item, retryCount: item.retryCount + 1 };
  return { item: next, dropped: next.retryCount >= next.maxRetries };
}

/** The one toast id for sync outcomes, so a later run replaces the earlier notice. */
export const syncToastId = 'offline-sync-outcome';

/** SPEC §8 sync outcomes, SPEC §9 3 s. `retry` replays what is left. */
export function syncOutcomeToast(
  outcome: { succeeded: number; failed: number },
  retry: () => void,
): ToastInput | null {
  const { succeeded, failed } = outcome;
  const base = { id: syncToastId, duration: toastLimits.restoreAndSyncNoticeMs };
  if (failed === 0 && succeeded > 0) {
    return {
      ...base,
      type: 'success',
      title: 'Sync Complete',
      message: `All ${succeeded} actions completed successfully`,
    };
  }
  if (succeeded === 0 && failed > 0) {
    return {
      ...base,
      type: 'error',
      title: 'Sync Failed',
      message: `${failed} actions failed to sync`,
      action: { label: 'Retry', handler: retry },
    };
  }
  if (succeeded > 0 && failed > 0) {
    return {
      ...base,
      type: 'warning',
      title: 'Sync Partially Complete',
      message: `${succeeded} succeeded, ${failed} failed`,
      action: { label: 'Retry Failed', handler: retry },
    };
  }
  return null;
}

/** SPEC §8 and §9: queuing shows "Saved for Later" for 2 s. */
export const savedForLaterToast: ToastInput = {
  type: 'info',
  title: 'Saved for Later',
  message: 'Action queued for when connection returns',
  duration: toastLimits.queueNoticeMs,
};

/** SPEC §8 and §9: clearing the queue, a 2 s queue notice. */
export const queueClearedToast: ToastInput = {
  type: 'info',
  message: 'Offline queue cleared',
  duration: toastLimits.queueNoticeMs,
};
