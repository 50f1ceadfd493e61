import { offlineLimits } from '@uplift/contracts';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { debugLog } from '../errors/debug.ts';
import { AppError } from '../errors/appError.ts';
import type { ToastInput } from '../toasts/toastStore.ts';
import {
  connectionLostToast,
  connectionRestoredToast,
  isOnline,
  transitionBetween,
  type ConnectivitySignals,
  type ProbeResult,
} from './connectivityRules.ts';

export interface ConnectivityState extends ConnectivitySignals {
  online: boolean;
  /** When `online` last changed (ms since the epoch). */
  changedAt: number;
  lastProbe: ProbeResult | null;
  probing: boolean;
}

export interface ConnectivityDeps {
  /** GET /api/status with SPEC §9's 5 s time-out; resolves with the server's build id, rejects when unreachable. */
  probe: () => Promise<{ build: string }>;
  notify: (toast: ToastInput) => void;
  dismissAllToasts: () => void;
  /** SPEC §4: coming back online also processes the queue. */
  onRestored: () => void;
  now?: () => number;
  /** The native network plugin, when running in a shell. */
  watchNative?: (listener: (connected: boolean) => void) => Promise<() => void>;
  /** The browser's view at start; `navigator.onLine` by default. */
  initialNetworkUp?: boolean;
}

export interface Connectivity {
  store: StoreApi<ConnectivityState>;
  getState(): ConnectivityState;
  subscribe(listener: (state: ConnectivityState, previous: ConnectivityState) => void): () => void;
  /** Starts listening and probing (SPEC §9: every 30 s). Returns the stop function. */
  start(target?: Window): () => void;
  /** Probes /api/status now ("Retry Connection"). */
  check(): Promise<ProbeResult | null>;
  /** The offline demo: pretend the network is gone (or give it back). */
  simulateOffline(simulated: boolean): void;
  /** The HTTP client got no answer: check the connection soon. */
  reportNetworkFailure(): void;
  /** The HTTP client got an answer: the server is reachable. */
  reportReachable(): void;
}

/** Failures of ordinary requests trigger a probe at most this often. */
const failureProbeGapMs = 2_000;

export function createConnectivity(deps: ConnectivityDeps): Connectivity {
  const now = deps.now ?? (() => Date.now());
  const networkUp =
    deps.initialNetworkUp ?? (typeof navigator === 'undefined' ? true : navigator.onLine !== false);
  // Start from "online": if the browser already knows it is offline, that is a transition worth telling.
  const store = createStore<ConnectivityState>()(() => ({
    networkUp: true,
    reachable: null,
    simulated: false,
    online: true,
    changedAt: now(),
    lastProbe: null,
    probing: false,
  }));
  let probing: Promise<ProbeResult | null> | null = null;
  let lastFailureProbe = -Infinity;

  function apply(change: Partial<ConnectivitySignals>): void {
    const previous = store.getState();
    const signals: ConnectivitySignals = {
      networkUp: change.networkUp ?? previous.networkUp,
      reachable: change.reachable === undefined ? previous.reachable : change.reachable,
      simulated: change.simulated ?? previous.simulated,
    };
    const online = isOnline(signals);
    const transition = transitionBetween(previous.online, online);
    store.setState({ ...signals, online, ...(transition ? { changedAt: now() } : {}) });
    if (transition === 'lost') {
      debugLog('connectivity', 'offline', signals);
      deps.notify(connectionLostToast(() => void check()));
    } else if (transition === 'restored') {
      debugLog('connectivity', 'online', signals);
      // SPEC §4: dismiss the toasts, say "Back Online", process the queue.
      deps.dismissAllToasts();
      deps.notify(connectionRestoredToast);
      deps.onRestored();
    }
  }

  function check(): Promise<ProbeResult | null> {
    if (store.getState().simulated) return Promise.resolve(null);
    if (probing) return probing;
    const started = now();
    store.setState({ probing: true });
    const current = deps
      .probe()
      .then(
        ({ build }): ProbeResult => ({ at: now(), ok: true, latencyMs: now() - started, serverBuild: build }),
        (error: unknown): ProbeResult => ({
          at: now(),
          ok: false,
          latencyMs: now() - started,
          error: error instanceof AppError ? error.code : 'NETWORK_ERROR',
        }),
      )
      .then((result) => {
        probing = null;
        store.setState({ lastProbe: result, probing: false });
        // A simulated outage started meanwhile: the probe's answer does not end it.
        if (!store.getState().simulated) apply({ reachable: result.ok });
        return result;
      });
    probing = current;
    return current;
  }

  function start(target: Window = window): () => void {
    const onOnline = () => {
      // The network is back; whether the server is, the probe tells.
      apply({ networkUp: true, reachable: null });
      void check();
    };
    const onOffline = () => apply({ networkUp: false, reachable: null });
    const onVisible = () => {
      if (target.document.visibilityState === 'visible') void check();
    };
    target.addEventListener('online', onOnline);
    target.addEventListener('offline', onOffline);
    target.document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(() => {
      if (store.getState().networkUp) void check();
    }, offlineLimits.connectivityCheckIntervalMs);
    let stopNative: (() => void) | null = null;
    let stopped = false;
    deps
      .watchNative?.((connected) => {
        if (connected) onOnline();
        else onOffline();
      })
      .then((stop) => {
        if (stopped) stop();
        else stopNative = stop;
      })
      .catch((error: unknown) => debugLog('connectivity', 'native network plugin unavailable', error));

    apply({ networkUp });
    if (networkUp) void check();
    return () => {
      stopped = true;
      target.removeEventListener('online', onOnline);
      target.removeEventListener('offline', onOffline);
      target.document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
      stopNative?.();
    };
  }

  return {
    store,
    getState: store.getState,
    subscribe: store.subscribe,
    start,
    check,
    simulateOffline(simulated) {
      apply({ simulated });
      if (!simulated) void check();
    },
    reportNetworkFailure() {
      const at = now();
      if (at - lastFailureProbe < failureProbeGapMs) return;
      lastFailureProbe = at;
      void check();
    },
    reportReachable() {
      const state = store.getState();
      if (state.reachable !== true && !state.simulated && state.networkUp) apply({ reachable: true });
    },
  };
}
