/**
 * How the HTTP client reaches the signed-in session without importing the auth feature (lib never
 * imports features): the auth feature connects itself at start-up.
 */
export interface SessionBridge {
  /** The bearer token on native; null on the web, where an httpOnly cookie carries the session. */
  getToken(): string | null;
  /**
   * Renews the session and resolves true when it was renewed. When it cannot be, the bridge itself
   * decides what happens to the signed-in state (SPEC §4: a failed refresh signs the user out).
   */
  refresh(): Promise<boolean>;
}

const noSession: SessionBridge = { getToken: () => null, refresh: async () => false };

let bridge: SessionBridge = noSession;
/** Counts completed renewals, so a request can tell whether one finished while it was on the wire. */
let generation = 0;
let renewal: Promise<boolean> | null = null;

/** Returns a function that disconnects this bridge again (tests, hot reload). */
export function connectSession(next: SessionBridge): () => void {
  bridge = next;
  return () => {
    if (bridge === next) bridge = noSession;
  };
}

export function sessionToken(): string | null {
  return bridge.getToken();
}

export function sessionGeneration(): number {
  return generation;
}

/**
 * Called after a 401. Concurrent callers share one refresh: the server rotates the token on refresh and
 * treats a second use of the old one as theft, so parallel refreshes would sign the user out. A request
 * that left before a renewal finished just retries with the new credentials.
 */
export function renewSession(sentAtGeneration: number): Promise<boolean> {
  if (sentAtGeneration !== generation) return Promise.resolve(true);
  if (!renewal) {
    const current = (async () => {
      try {
        const renewed = await bridge.refresh();
        if (renewed) generation += 1;
        return renewed;
      } catch {
        return false;
      }
    })();
    renewal = current;
    void current.finally(() => {
      if (renewal === current) renewal = null;
    });
  }
  return renewal;
}
