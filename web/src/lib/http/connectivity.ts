/**
 * How the HTTP client learns about connectivity without importing the offline layer (which itself calls
 * through the client): the connectivity store connects itself at start-up.
 */
export interface ConnectivityBridge {
  /** SPEC §8: a fetch failure while offline is OFFLINE_ERROR rather than NETWORK_ERROR. */
  isOffline(): boolean;
  /** The offline demo's simulated outage: requests fail at once, as they would with no network. */
  isSimulatedOffline(): boolean;
  /** A request got no answer: worth checking the connection now rather than at the next probe. */
  onNetworkFailure(): void;
  /** The server answered: it is reachable. */
  onReachable(): void;
}

const browserOnly: ConnectivityBridge = {
  isOffline: () => typeof navigator !== 'undefined' && navigator.onLine === false,
  isSimulatedOffline: () => false,
  onNetworkFailure: () => undefined,
  onReachable: () => undefined,
};

let bridge: ConnectivityBridge = browserOnly;

/** Returns a function that disconnects this bridge again (tests, hot reload). */
export function connectConnectivity(next: ConnectivityBridge): () => void {
  bridge = next;
  return () => {
    if (bridge === next) bridge = browserOnly;
  };
}

export function connectivity(): ConnectivityBridge {
  return bridge;
}
