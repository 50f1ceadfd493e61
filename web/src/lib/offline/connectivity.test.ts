import { offlineLimits } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastInput } from '../toasts/toastStore.ts';
import {
  connectionLostToast,
  connectionRestoredToast,
  isOnline,
  transitionBetween,
} from './connectivityRules.ts';
import { createConnectivity, type Connectivity } from './connectivityStore.ts';

let toasts: ToastInput[];
let dismissed: number;
let restored: number;
let probe: ReturnType<typeof vi.fn<() => Promise<{ build: string }>>>;
let connectivity: Connectivity;
let stop: () => void = () => undefined;

function make(
  initialNetworkUp = true,
  watchNative?: Parameters<typeof createConnectivity>[0]['watchNative'],
) {
  return createConnectivity({
    probe,
    notify: (toast) => toasts.push(toast),
    dismissAllToasts: () => (dismissed += 1),
    onRestored: () => (restored += 1),
    initialNetworkUp,
    watchNative,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  toasts = [];
  dismissed = 0;
  restored = 0;
  probe = vi.fn(async () => ({ build: 'b1' }));
  connectivity = make();
});

afterEach(() => {
  stop();
  stop = () => undefined;
  vi.useRealTimers();
});

describe('connectivity rules (SPEC §4)', () => {
  it('is online with a network, a server that answers and no simulated outage', () => {
    expect(isOnline({ networkUp: true, reachable: true, simulated: false })).toBe(true);
    expect(isOnline({ networkUp: true, reachable: null, simulated: false })).toBe(true);
    expect(isOnline({ networkUp: false, reachable: true, simulated: false })).toBe(false);
    expect(isOnline({ networkUp: true, reachable: false, simulated: false })).toBe(false);
    expect(isOnline({ networkUp: true, reachable: true, simulated: true })).toBe(false);
  });

  it('only changes are transitions', () => {
    expect(transitionBetween(true, false)).toBe('lost');
    expect(transitionBetween(false, true)).toBe('restored');
    expect(transitionBetween(true, true)).toBeNull();
    expect(transitionBetween(false, false)).toBeNull();
  });

  it('pins the toasts: "Connection Lost" persistent with Retry Connection; "Back Online" 3 s', () => {
    const retry = vi.fn();
    const lost = connectionLostToast(retry);
    expect(lost).toMatchObject({
      type: 'warning',
      title: 'Connection Lost',
      message: 'You are currently offline',
      duration: null,
      action: { label: 'Retry Connection', dismissOnAction: false },
    });
    lost.action?.handler();
    expect(retry).toHaveBeenCalled();
    expect(connectionRestoredToast).toMatchObject({
      type: 'success',
      title: 'Back Online',
      message: 'Connection restored',
      duration: 3_000,
    });
  });
});

describe('connectivity store', () => {
  it('probes at start and every 30 s', async () => {
    expect(offlineLimits.connectivityCheckIntervalMs).toBe(30_000);
    stop = connectivity.start(window);
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(connectivity.getState()).toMatchObject({ online: true, reachable: true });
    expect(connectivity.getState().lastProbe).toMatchObject({ ok: true, serverBuild: 'b1' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('online to offline: the persistent "Connection Lost" warning', async () => {
    stop = connectivity.start(window);
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('offline'));
    expect(connectivity.getState().online).toBe(false);
    expect(toasts).toEqual([expect.objectContaining({ title: 'Connection Lost', duration: null })]);
    // No probing while the browser says there is no network.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('offline to online: dismisses toasts, "Back Online", processes the queue', async () => {
    stop = connectivity.start(window);
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(dismissed).toBe(1);
    expect(toasts.at(-1)).toMatchObject({
      title: 'Back Online',
      message: 'Connection restored',
      duration: 3_000,
    });
    expect(restored).toBe(1);
  });

  it('a failed probe is offline; "Retry Connection" probes again and comes back', async () => {
    probe.mockRejectedValueOnce(new Error('unreachable'));
    stop = connectivity.start(window);
    await vi.advanceTimersByTimeAsync(0);
    expect(connectivity.getState()).toMatchObject({ online: false, reachable: false });
    expect(connectivity.getState().lastProbe).toMatchObject({ ok: false, error: 'NETWORK_ERROR' });
    const lost = toasts.find((toast) => toast.title === 'Connection Lost');
    lost?.action?.handler();
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(connectivity.getState().online).toBe(true);
    expect(restored).toBe(1);
  });

  it('starting offline says so at once', () => {
    connectivity = make(false);
    stop = connectivity.start(window);
    expect(connectivity.getState().online).toBe(false);
    expect(toasts).toEqual([expect.objectContaining({ title: 'Connection Lost' })]);
    expect(probe).not.toHaveBeenCalled();
  });

  it('a simulated outage ignores probes until it ends', async () => {
    stop = connectivity.start(window);
    await vi.advanceTimersByTimeAsync(0);
    connectivity.simulateOffline(true);
    expect(connectivity.getState()).toMatchObject({ online: false, simulated: true });
    await connectivity.check();
    connectivity.reportReachable();
    expect(connectivity.getState().online).toBe(false);
    connectivity.simulateOffline(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(connectivity.getState().online).toBe(true);
    expect(restored).toBe(1);
  });

  it('a failed request triggers a probe, at most every 2 s', async () => {
    stop = connectivity.start(window);
    await vi.advanceTimersByTimeAsync(0);
    connectivity.reportNetworkFailure();
    connectivity.reportNetworkFailure();
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    connectivity.reportNetworkFailure();
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('follows the native network plugin when there is one', async () => {
    let report: (connected: boolean) => void = () => undefined;
    const unwatch = vi.fn();
    connectivity = make(true, async (listener) => {
      report = listener;
      return unwatch;
    });
    stop = connectivity.start(window);
    await vi.advanceTimersByTimeAsync(0);
    report(false);
    expect(connectivity.getState().online).toBe(false);
    report(true);
    expect(connectivity.getState().online).toBe(true);
    stop();
    expect(unwatch).toHaveBeenCalled();
  });
});
