import { toastLimits } from '@uplift/contracts';
import type { ToastInput } from '../toasts/toastStore.ts';

export interface ProbeResult {
  /** When the probe finished (ms since the epoch). */
  at: number;
  ok: boolean;
  /** How long it took. */
  latencyMs: number;
  /** The server's build id, when it answered. */
  serverBuild?: string;
  /** The catalogue code of the failure, when it did not. */
  error?: string;
}

export interface ConnectivitySignals {
  /** The browser's (or the native network plugin's) idea of whether there is a network. */
  networkUp: boolean;
  /** The last probe of /api/status: true answered, false failed, null not probed since the network came back. */
  reachable: boolean | null;
  /** The offline demo's simulated outage. */
  simulated: boolean;
}

/** Online needs a network, a server that did not just fail its probe, and no simulated outage. */
export function isOnline(signals: ConnectivitySignals): boolean {
  return !signals.simulated && signals.networkUp && signals.reachable !== false;
}

export type ConnectivityTransition = 'lost' | 'restored' | null;

/** SPEC §4: only a change of state is a transition. */
export function transitionBetween(wasOnline: boolean, nowOnline: boolean): ConnectivityTransition {
  if (wasOnline && !nowOnline) return 'lost';
  if (!wasOnline && nowOnline) return 'restored';
  return null;
}

/** One connection notice at a time: "Back Online" replaces "Connection Lost". */
export const connectionToastId = 'connectivity';

/** SPEC §4: a persistent warning with a "Retry Connection" action; it stays until the connection returns. */
export function connectionLostToast(retry: () => void): ToastInput {
  return {
    id: connectionToastId,
    type: 'warning',
    title: 'Connection Lost',
    message: 'You are currently offline',
    duration: null,
    action: { label: 'Retry Connection', handler: retry, dismissOnAction: false },
  };
}

/** SPEC §4 and §9: "Back Online", 3 s. */
export const connectionRestoredToast: ToastInput = {
  id: connectionToastId,
  type: 'success',
  title: 'Back Online',
  message: 'Connection restored',
  duration: toastLimits.restoreAndSyncNoticeMs,
};
