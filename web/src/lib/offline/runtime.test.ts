import 'fake-indexeddb/auto';
import { errorLogResponseSchema, offlineLimits } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi, type FakeTimersConfig } from 'vitest';
import { TimeoutError } from '../http/errors.ts';
import { toastStore } from '../toasts/toastStore.ts';
import type { OfflineQueueItem } from './queueRules.ts';
import { connectivity, offlineQueue, replayQueuedAction } from './runtime.ts';
import { sendOrQueue } from './sendOrQueue.ts';
import { goOnline } from '../../test/offlineLayer.ts';

vi.mock('../native/platform.ts', () => ({ isNativePlatform: () => false }));

const fakeTimers: FakeTimersConfig = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
};
const fetchMock = vi.fn<typeof fetch>();

function hangingFetch(_url: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });
}

function created(): Response {
  return new Response(JSON.stringify({ success: true, id: 'log-1' }), {
    status: 201,
    headers: { 'content-type': 'application/json' },
  });
}

const item: OfflineQueueItem = {
  id: 'item-1',
  type: 'demo-action',
  url: 'https://api.example.test/api/log-error',
  method: 'PUT',
  data: { message: 'hello' },
  maxRetries: 3,
  priority: 'high',
  description: 'Hello',
  timestamp: 1,
  retryCount: 0,
  idempotencyKey: 'key-item-1',
  ownerId: null,
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // Each test starts online, whatever the last probe said.
  goOnline();
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await offlineQueue.clear({ notify: false });
  toastStore.dismissAll();
});

describe('replay of a queued action (SPEC §7)', () => {
  it('uses the stored method and URL, a JSON body and the idempotency key', async () => {
    fetchMock.mockResolvedValueOnce(created());
    await replayQueuedAction(item);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.example.test/api/log-error');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"message":"hello"}');
    const headers = new Headers(init?.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('idempotency-key')).toBe('key-item-1');
  });

  it('gives up after 10 s, once', async () => {
    expect(offlineLimits.replayTimeoutMs).toBe(10_000);
    vi.useFakeTimers(fakeTimers);
    fetchMock.mockImplementation(hangingFetch);
    const replay = replayQueuedAction(item).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await replay).toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the online probe (SPEC §7, §9: GET /api/status, 5 s)', () => {
  it('calls /api/status and fails after 5 s without an answer', async () => {
    expect(offlineLimits.probeTimeoutMs).toBe(5_000);
    vi.useFakeTimers(fakeTimers);
    fetchMock.mockImplementation(hangingFetch);
    const probe = connectivity.check();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(connectivity.getState().probing).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await probe).toMatchObject({ ok: false, error: 'TIMEOUT' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/status');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('sendOrQueue', () => {
  const write = {
    method: 'POST' as const,
    path: '/log-error',
    body: { message: 'test' },
    schema: errorLogResponseSchema,
    type: 'demo-action',
    description: 'Test action',
    ownerId: null,
  };

  it('online: sends at once with an idempotency key', async () => {
    fetchMock.mockResolvedValueOnce(created());
    await expect(sendOrQueue(write)).resolves.toEqual({
      status: 'sent',
      data: { success: true, id: 'log-1' },
    });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('idempotency-key')).toMatch(/^[\w-]{8,}$/);
  });

  it('offline: queues without sending and says "Saved for Later"', async () => {
    connectivity.simulateOffline(true);
    const result = await sendOrQueue(write);
    expect(result).toMatchObject({
      status: 'queued',
      item: { description: 'Test action', url: '/api/log-error' },
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toastStore.getSnapshot().map((toast) => toast.title)).toContain('Saved for Later');
  });

  it('answer lost: queues with the same key, so the replay is applied once', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const result = await sendOrQueue(write);
    expect(result.status).toBe('queued');
    const sentKey = new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('idempotency-key');
    expect(result.status === 'queued' && result.item.idempotencyKey).toBe(sentKey);
  });

  it('a refusal is not queued', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 400 }));
    await expect(sendOrQueue(write)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(offlineQueue.getSnapshot()).toEqual([]);
  });
});
