import pg from 'pg';

/** How the listening session shows in pg_stat_activity. */
export const listenerName = 'uplift-live-events';

export interface ListenerOptions {
  /** Connection settings of the app's pool: LISTEN needs a session of its own, never a pooled one. */
  connection: pg.ClientConfig;
  channel: string;
  onNotification(payload: string): void;
  /**
   * After each successful LISTEN: NOTIFYs sent while the connection was down (or not yet up) are lost for
   * good, so the caller catches up from the events table.
   */
  onConnected(): Promise<void>;
  log: (message: string, error?: unknown) => void;
  /** First wait before reconnecting; doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface Listener {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Whether a LISTENing connection is up (a health check can read it). */
  readonly connected: boolean;
}

/**
 * One dedicated connection that LISTENs, reconnecting with back-off whenever it drops or cannot be opened
 * (start never fails: the app serves without live events until the database answers again).
 */
export function createListener(options: ListenerOptions): Listener {
  const { backoffMs = 250, maxBackoffMs = 10_000 } = options;
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  function scheduleReconnect() {
    if (stopped || retryTimer) return;
    const delay = Math.min(maxBackoffMs, backoffMs * 2 ** attempt);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
  }

  async function connect(): Promise<void> {
    const current = new pg.Client({ ...options.connection, keepAlive: true, application_name: listenerName });
    let dropped = false;
    const drop = (error?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (client === current) client = null;
      if (!stopped) options.log('live events listener lost its connection; reconnecting', error);
      current.end().catch(() => {});
      scheduleReconnect();
    };
    current.on('error', drop);
    current.on('end', () => drop());
    current.on('notification', (message) => {
      if (message.channel === options.channel && message.payload) options.onNotification(message.payload);
    });
    try {
      await current.connect();
      await current.query(`listen ${pg.escapeIdentifier(options.channel)}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (stopped) {
      await current.end().catch(() => {});
      return;
    }
    client = current;
    attempt = 0;
    await options.onConnected().catch((error: unknown) => options.log('live events catch-up failed', error));
  }

  return {
    async start() {
      stopped = false;
      await connect();
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
    get connected() {
      return client !== null;
    },
  };
}
