import 'fake-indexeddb/auto';
import { offlineLimits } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi, type FakeTimersConfig } from 'vitest';
import { HttpError, NetworkError } from '../http/errors.ts';
import type { ToastInput } from '../toasts/toastStore.ts';
import { createOfflineQueue, type OfflineQueue, type OfflineQueueDeps } from './offlineQueue.ts';
import type { OfflineQueueItem, QueueItemInput } from './queueRules.ts';
import { createIndexedDbQueueStorage, createMemoryQueueStorage, type QueueStorage } from './queueStorage.ts';

// IndexedDB (fake-indexeddb) schedules with setImmediate, which stays real.
const fakeTimers: FakeTimersConfig = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
};

let clock: number;
let ids: number;
let online: boolean;
let owner: string | null;
let toasts: ToastInput[];
let sent: { id: string; at: number }[];
let send: ReturnType<typeof vi.fn<(item: OfflineQueueItem) => Promise<unknown>>>;
let storage: QueueStorage;
let queue: OfflineQueue;

function makeQueue(overrides: Partial<OfflineQueueDeps> = {}): OfflineQueue {
  return createOfflineQueue({
    storage,
    send,
    isOnline: () => online,
    currentOwner: () => owner,
    notify: (toast) => toasts.push(toast),
    withLock: (task) => task(),
    now: () => clock++,
    createId: () => `item-${++ids}`,
    ...overrides,
  });
}

function input(description: string, extra: Partial<QueueItemInput> = {}): QueueItemInput {
  return {
    type: 'test',
    url: 'http://localhost/api/log-error',
    method: 'POST',
    data: { description },
    description,
    ...extra,
  };
}

beforeEach(() => {
  clock = 1_000;
  ids = 0;
  online = false;
  owner = null;
  toasts = [];
  sent = [];
  send = vi.fn(async (item: OfflineQueueItem) => {
    sent.push({ id: item.description, at: Date.now() });
    return { success: true };
  });
  storage = createMemoryQueueStorage();
  queue = makeQueue();
});

afterEach(() => {
  queue.stop();
  vi.useRealTimers();
});

describe('queuing (SPEC §4, §8)', () => {
  it('stores the action and says "Saved for Later"', async () => {
    const item = await queue.enqueue(input('first'));
    expect(item).toMatchObject({ description: 'first', retryCount: 0, maxRetries: 3, priority: 'medium' });
    expect(queue.getSnapshot()).toEqual([item]);
    expect(toasts).toEqual([expect.objectContaining({ title: 'Saved for Later', duration: 2_000 })]);
  });

  it('stays quiet when asked (error reports)', async () => {
    await queue.enqueue(input('report'), { notify: false });
    expect(toasts).toEqual([]);
  });

  it('drops the lowest priority, oldest item beyond 50', async () => {
    await queue.enqueue(input('old low', { priority: 'low' }), { notify: false });
    for (let index = 0; index < 49; index += 1) {
      await queue.enqueue(input(`high ${index}`, { priority: 'high' }), { notify: false });
    }
    await queue.enqueue(input('newest low', { priority: 'low' }), { notify: false });
    const descriptions = queue.getSnapshot().map((item) => item.description);
    expect(descriptions).toHaveLength(offlineLimits.queueMaxItems);
    expect(descriptions).not.toContain('old low');
    expect(descriptions).toContain('newest low');
  });

  it('"Offline queue cleared"', async () => {
    await queue.enqueue(input('a'), { notify: false });
    await queue.clear();
    expect(queue.getSnapshot()).toEqual([]);
    expect(toasts).toEqual([expect.objectContaining({ message: 'Offline queue cleared', duration: 2_000 })]);
  });
});

describe('replay (SPEC §4, §7, §9)', () => {
  it('does nothing while offline', async () => {
    await queue.enqueue(input('a'), { notify: false });
    await expect(queue.process()).resolves.toMatchObject({ skipped: 'offline', remaining: 1 });
    expect(send).not.toHaveBeenCalled();
  });

  it('sends high priority first, then oldest, 100 ms apart, removes each and says "Sync Complete"', async () => {
    vi.useFakeTimers(fakeTimers);
    await queue.enqueue(input('low', { priority: 'low' }), { notify: false });
    await queue.enqueue(input('medium old'), { notify: false });
    await queue.enqueue(input('high', { priority: 'high' }), { notify: false });
    await queue.enqueue(input('medium new'), { notify: false });
    online = true;
    const started = Date.now();
    const run = queue.process();
    await vi.advanceTimersByTimeAsync(offlineLimits.pauseBetweenReplaysMs * 3);
    await expect(run).resolves.toEqual({ succeeded: 4, failed: 0, dropped: 0, remaining: 0 });
    expect(sent.map((entry) => entry.id)).toEqual(['high', 'medium old', 'medium new', 'low']);
    expect(sent.map((entry) => entry.at - started)).toEqual([0, 100, 200, 300]);
    expect(queue.getSnapshot()).toEqual([]);
    expect(toasts).toEqual([
      expect.objectContaining({ title: 'Sync Complete', message: 'All 4 actions completed successfully' }),
    ]);
  });

  it('a failed sync gives the error notification haptic with its toast', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    try {
      send.mockRejectedValue(new HttpError({ status: 500 }));
      await queue.enqueue(input('doomed'), { notify: false });
      online = true;
      await queue.process();
      expect(vibrate).toHaveBeenCalledExactlyOnceWith([40, 60, 40, 60, 40]);
    } finally {
      Reflect.deleteProperty(navigator, 'vibrate');
    }
  });

  it('counts a failure, tries again after 5 s, and drops the item at maxRetries', async () => {
    vi.useFakeTimers(fakeTimers);
    send.mockRejectedValue(new HttpError({ status: 500 }));
    await queue.enqueue(input('doomed'), { notify: false });
    online = true;
    await expect(queue.process()).resolves.toMatchObject({ failed: 1, dropped: 0, remaining: 1 });
    expect(queue.getSnapshot()[0]?.retryCount).toBe(1);
    expect(toasts.at(-1)).toMatchObject({ title: 'Sync Failed', message: '1 actions failed to sync' });

    await vi.advanceTimersByTimeAsync(offlineLimits.retryDelayMs - 1);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(queue.getSnapshot()[0]?.retryCount).toBe(2));

    await vi.advanceTimersByTimeAsync(offlineLimits.retryDelayMs);
    expect(send).toHaveBeenCalledTimes(3);
    await vi.waitFor(() => expect(queue.getSnapshot()).toEqual([]));
    // Dropped: nothing more is tried.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('"Sync Partially Complete" with Retry Failed, which replays what is left', async () => {
    send.mockImplementation(async (item) => {
      if (item.description === 'bad') throw new HttpError({ status: 503 });
      return {};
    });
    await queue.enqueue(input('good'), { notify: false });
    await queue.enqueue(input('bad'), { notify: false });
    online = true;
    await queue.process();
    const notice = toasts.at(-1);
    expect(notice).toMatchObject({
      title: 'Sync Partially Complete',
      message: '1 succeeded, 1 failed',
      action: { label: 'Retry Failed' },
    });
    send.mockResolvedValue({});
    notice?.action?.handler();
    await vi.waitFor(() => expect(queue.getSnapshot()).toEqual([]));
    expect(send).toHaveBeenLastCalledWith(expect.objectContaining({ description: 'bad', retryCount: 1 }));
  });

  it('stops without counting when the connection is gone: the rest waits', async () => {
    send.mockRejectedValue(new NetworkError(new TypeError('Failed to fetch')));
    await queue.enqueue(input('a'), { notify: false });
    await queue.enqueue(input('b'), { notify: false });
    online = true;
    await expect(queue.process()).resolves.toMatchObject({ succeeded: 0, failed: 0, remaining: 2 });
    expect(send).toHaveBeenCalledTimes(1);
    expect(queue.getSnapshot().map((item) => item.retryCount)).toEqual([0, 0]);
    expect(toasts).toEqual([]);
  });

  it('sends a comment only after the post it belongs to, and holds it while the post fails', async () => {
    const post = await queue.enqueue(input('post'), { notify: false });
    // Written later but with a higher priority: it still waits for its post.
    await queue.enqueue(input('comment', { priority: 'high', dependsOn: [post.id] }), { notify: false });
    await queue.enqueue(input('unrelated', { priority: 'low' }), { notify: false });
    send.mockImplementation(async (item) => {
      if (item.description === 'post') throw new HttpError({ status: 503 });
      return {};
    });
    online = true;
    await expect(queue.process()).resolves.toMatchObject({ succeeded: 1, failed: 1, remaining: 2 });
    expect(send.mock.calls.map(([item]) => item.description)).toEqual(['post', 'unrelated']);

    send.mockResolvedValue({});
    await queue.process();
    expect(send.mock.calls.map(([item]) => item.description)).toEqual([
      'post',
      'unrelated',
      'post',
      'comment',
    ]);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('drops what depends on an item dropped at maxRetries: it could never succeed', async () => {
    const post = await queue.enqueue(input('post', { maxRetries: 1 }), { notify: false });
    await queue.enqueue(input('comment', { dependsOn: [post.id] }), { notify: false });
    send.mockRejectedValue(new HttpError({ status: 422 }));
    online = true;
    await expect(queue.process()).resolves.toMatchObject({ failed: 2, dropped: 2, remaining: 0 });
    expect(send.mock.calls.map(([item]) => item.description)).toEqual(['post']);
  });

  it('runs again for what was queued while a run was under way', async () => {
    let release: () => void = () => undefined;
    send.mockImplementationOnce(
      (item) =>
        new Promise((resolve) => {
          sent.push({ id: item.description, at: 0 });
          release = () => resolve({});
        }),
    );
    await queue.enqueue(input('first'), { notify: false });
    online = true;
    const run = queue.process();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await queue.enqueue(input('second'), { notify: false });
    release();
    await run;
    await vi.waitFor(() => expect(sent.map((entry) => entry.id)).toEqual(['first', 'second']));
    await vi.waitFor(() => expect(queue.getSnapshot()).toEqual([]));
  });

  it("leaves another user's actions for them", async () => {
    owner = 'user-a';
    await queue.enqueue(input('mine'), { notify: false });
    await queue.enqueue(input('public', { ownerId: null }), { notify: false });
    owner = 'user-b';
    online = true;
    await queue.process();
    expect(sent.map((entry) => entry.id)).toEqual(['public']);
    expect(queue.getSnapshot().map((item) => item.description)).toEqual(['mine']);
  });

  it('runs once at a time in a tab, and not at all while another tab holds the lock', async () => {
    await queue.enqueue(input('a'), { notify: false });
    online = true;
    const first = queue.process();
    expect(queue.process()).toBe(first);
    await first;
    queue.stop();
    queue = makeQueue({ withLock: async () => undefined });
    await queue.enqueue(input('b'), { notify: false });
    await expect(queue.process()).resolves.toMatchObject({ skipped: 'busy' });
  });
});

describe('IndexedDB storage (survives a reload)', () => {
  it('keeps the queue across instances, in order, with its idempotency keys', async () => {
    const dbName = `queue-${Math.random()}`;
    storage = createIndexedDbQueueStorage({ dbName });
    queue = makeQueue();
    const first = await queue.enqueue(input('one', { idempotencyKey: 'key-one-1234' }), { notify: false });
    await queue.enqueue(input('two', { priority: 'high' }), { notify: false });
    queue.stop();

    // A reload: new storage, new queue, same database.
    storage = createIndexedDbQueueStorage({ dbName });
    queue = makeQueue();
    queue.start();
    await vi.waitFor(() =>
      expect(queue.getSnapshot().map((item) => item.description)).toEqual(['two', 'one']),
    );
    expect(queue.getSnapshot()[1]).toEqual(first);

    online = true;
    await queue.process();
    expect(send.mock.calls.map(([item]) => item.idempotencyKey)).toEqual(['item-2', 'key-one-1234']);
    expect(await createIndexedDbQueueStorage({ dbName }).all()).toEqual([]);
  });

  it('replays what was left on start when online', async () => {
    const dbName = `queue-${Math.random()}`;
    storage = createIndexedDbQueueStorage({ dbName });
    await storage.add(
      {
        id: 'left',
        type: 't',
        url: 'http://localhost/api/x',
        method: 'POST',
        data: null,
        maxRetries: 3,
        priority: 'low',
        description: 'left over',
        timestamp: 1,
        retryCount: 0,
        idempotencyKey: 'left-1234',
        ownerId: null,
      },
      50,
    );
    online = true;
    queue = makeQueue();
    queue.start();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(queue.getSnapshot()).toEqual([]));
  });

  it('evicts atomically with the add', async () => {
    storage = createIndexedDbQueueStorage({ dbName: `queue-${Math.random()}` });
    queue = makeQueue();
    for (let index = 0; index < 3; index += 1)
      await queue.enqueue(input(`low ${index}`, { priority: 'low' }), { notify: false });
    const victims = await storage.add({ ...queue.getSnapshot()[0]!, id: 'new', priority: 'high' }, 3);
    expect(victims.map((victim) => victim.description)).toEqual(['low 0']);
    expect((await storage.all()).map((item) => item.id).sort()).toEqual(['item-2', 'item-3', 'new']);
  });
});
