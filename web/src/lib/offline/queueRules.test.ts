import { offlineLimits, toastLimits } from '@uplift/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  compareForReplay,
  createQueueItem,
  queueClearedToast,
  recordFailure,
  savedForLaterToast,
  selectEvictions,
  sortForReplay,
  syncOutcomeToast,
  waitingFor,
  type OfflineQueueItem,
  type QueuePriority,
} from './queueRules.ts';

function item(id: string, priority: QueuePriority, timestamp: number, extra: Partial<OfflineQueueItem> = {}) {
  return {
    ...createQueueItem(
      { type: 'test', url: '/api/x', method: 'POST', description: id, priority },
      { id, now: timestamp },
    ),
    ...extra,
  };
}

describe('queue item (SPEC §3)', () => {
  it('has every SPEC field, with maxRetries 3 and retryCount 0 by default', () => {
    const created = createQueueItem(
      { type: 'error-log', url: '/api/log-error', method: 'POST', data: { a: 1 }, description: 'Report' },
      { id: 'item-1', now: 1_000 },
    );
    expect(created).toEqual({
      id: 'item-1',
      type: 'error-log',
      url: '/api/log-error',
      method: 'POST',
      data: { a: 1 },
      maxRetries: 3,
      priority: 'medium',
      description: 'Report',
      timestamp: 1_000,
      retryCount: 0,
      idempotencyKey: 'item-1',
      ownerId: null,
    });
    expect(offlineLimits.defaultMaxRetries).toBe(3);
  });

  it('keeps a given idempotency key, priority, maxRetries and owner', () => {
    expect(
      createQueueItem(
        {
          type: 't',
          url: '/u',
          method: 'PUT',
          description: 'd',
          priority: 'high',
          maxRetries: 5,
          idempotencyKey: 'key-abcdefgh',
          ownerId: 'user-1',
        },
        { id: 'i', now: 0 },
      ),
    ).toMatchObject({ priority: 'high', maxRetries: 5, idempotencyKey: 'key-abcdefgh', ownerId: 'user-1' });
  });
});

describe('replay order (SPEC §4: high priority first, then oldest first)', () => {
  it('sorts by priority, then age', () => {
    const items = [
      item('low-old', 'low', 1),
      item('medium-new', 'medium', 30),
      item('high-new', 'high', 20),
      item('medium-old', 'medium', 10),
      item('high-old', 'high', 5),
      item('low-new', 'low', 40),
    ];
    expect(sortForReplay(items).map((entry) => entry.id)).toEqual([
      'high-old',
      'high-new',
      'medium-old',
      'medium-new',
      'low-old',
      'low-new',
    ]);
  });

  it('is stable for items queued in the same millisecond', () => {
    expect(compareForReplay(item('a', 'low', 1), item('b', 'low', 1))).toBeLessThan(0);
  });
});

describe('eviction (SPEC §9: max 50, lowest priority then oldest first)', () => {
  it('keeps up to 50 items', () => {
    expect(offlineLimits.queueMaxItems).toBe(50);
    const fifty = Array.from({ length: 50 }, (_, index) => item(`i${index}`, 'low', index));
    expect(selectEvictions(fifty)).toEqual([]);
  });

  it('drops the oldest of the lowest priority when a 51st arrives', () => {
    const items = [
      ...Array.from({ length: 20 }, (_, index) => item(`high${index}`, 'high', index)),
      ...Array.from({ length: 20 }, (_, index) => item(`medium${index}`, 'medium', index)),
      ...Array.from({ length: 10 }, (_, index) => item(`low${index}`, 'low', 100 + index)),
      item('new-high', 'high', 1_000),
    ];
    expect(selectEvictions(items).map((entry) => entry.id)).toEqual(['low0']);
  });

  it('with no low items left, the oldest medium goes; several at once in that order', () => {
    const items = [
      ...Array.from({ length: 3 }, (_, index) => item(`medium${index}`, 'medium', 10 + index)),
      item('high', 'high', 0),
      item('low', 'low', 50),
    ];
    expect(selectEvictions(items, 2).map((entry) => entry.id)).toEqual(['low', 'medium0', 'medium1']);
  });
});

describe('failures (SPEC §4: retryCount grows; dropped at maxRetries)', () => {
  it('counts each failure and drops on the third by default', () => {
    let current = item('a', 'medium', 0);
    const outcomes: boolean[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const next = recordFailure(current);
      outcomes.push(next.dropped);
      current = next.item;
    }
    expect(outcomes).toEqual([false, false, true]);
    expect(current.retryCount).toBe(3);
  });

  it('honours an item of its own maxRetries', () => {
    expect(recordFailure(item('a', 'low', 0, { maxRetries: 1 })).dropped).toBe(true);
  });
});

describe('toasts (SPEC §8 texts, SPEC §9 durations)', () => {
  it('"Sync Complete": all N actions, 3 s', () => {
    expect(syncOutcomeToast({ succeeded: 4, failed: 0 }, vi.fn())).toEqual({
      id: 'offline-sync-outcome',
      type: 'success',
      title: 'Sync Complete',
      message: 'All 4 actions completed successfully',
      duration: 3_000,
    });
  });

  it('"Sync Failed": n actions, with Retry', () => {
    const retry = vi.fn();
    const toast = syncOutcomeToast({ succeeded: 0, failed: 2 }, retry);
    expect(toast).toMatchObject({
      type: 'error',
      title: 'Sync Failed',
      message: '2 actions failed to sync',
      duration: 3_000,
      action: { label: 'Retry' },
    });
    toast?.action?.handler();
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('"Sync Partially Complete": a succeeded, b failed, with Retry Failed', () => {
    expect(syncOutcomeToast({ succeeded: 3, failed: 1 }, vi.fn())).toMatchObject({
      type: 'warning',
      title: 'Sync Partially Complete',
      message: '3 succeeded, 1 failed',
      duration: 3_000,
      action: { label: 'Retry Failed' },
    });
  });

  it('nothing sent, nothing to say', () => {
    expect(syncOutcomeToast({ succeeded: 0, failed: 0 }, vi.fn())).toBeNull();
  });

  it('"Saved for Later" and "Offline queue cleared" are 2 s queue notices', () => {
    expect(toastLimits.queueNoticeMs).toBe(2_000);
    expect(toastLimits.restoreAndSyncNoticeMs).toBe(3_000);
    expect(savedForLaterToast).toEqual({
      type: 'info',
      title: 'Saved for Later',
      message: 'Action queued for when connection returns',
      duration: 2_000,
    });
    expect(queueClearedToast).toEqual({ type: 'info', message: 'Offline queue cleared', duration: 2_000 });
  });
});

describe('dependencies (a comment on a post written offline)', () => {
  it('keeps the written order, and puts an item after what it depends on whatever its priority', () => {
    const post = item('post', 'medium', 1);
    const comment = item('comment', 'high', 2, { dependsOn: ['post'] });
    const reaction = item('reaction', 'high', 3, { dependsOn: ['post'] });
    const other = item('other', 'medium', 4);
    expect(sortForReplay([other, reaction, comment, post]).map((entry) => entry.id)).toEqual([
      'post',
      'comment',
      'reaction',
      'other',
    ]);
  });

  it('follows chains, and ignores a dependency already sent (no longer queued)', () => {
    const a = item('a', 'low', 1);
    const b = item('b', 'high', 2, { dependsOn: ['a'] });
    const c = item('c', 'high', 3, { dependsOn: ['b', 'sent-long-ago'] });
    expect(sortForReplay([c, b, a]).map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
  });

  it('says what an item still waits for', () => {
    const comment = item('comment', 'medium', 2, { dependsOn: ['post'] });
    expect(waitingFor(comment, new Set(['post', 'x']))).toEqual(['post']);
    expect(waitingFor(comment, new Set(['x']))).toEqual([]);
    expect(waitingFor(item('plain', 'medium', 1), new Set(['post']))).toEqual([]);
  });

  it('records dependencies only when there are some', () => {
    const made = { id: 'c', now: 1 };
    const base = { type: 't', url: '/api/x', method: 'POST' as const, description: 'c' };
    expect(createQueueItem({ ...base, dependsOn: ['p'] }, made).dependsOn).toEqual(['p']);
    expect('dependsOn' in createQueueItem({ ...base, dependsOn: [] }, made)).toBe(false);
  });
});
