import type { LiveEvent } from '@uplift/contracts';
import { createSseParser } from './sseParser.ts';

export type LiveHandler = (event: LiveEvent) => void;

/** Opens the stream; resolves with the response body, the Last-Event-ID sent when there is one. */
export type OpenStream = (
  lastEventId: string | null,
  signal: AbortSignal,
) => Promise<ReadableStream<Uint8Array>>;

export interface LiveConnectionOptions {
  open: OpenStream;
  /** First wait before reconnecting; doubles up to `maxBackoffMs`, back to the start once connected. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The contract's `liveEventSchema`, checked by hand: the live connection opens on the first screen, which
 * loads no zod (docs/decisions/0030-first-screen-bundle.md).
 */
function isLiveEvent(value: unknown): value is LiveEvent {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    /^\d+$/.test(value.id) &&
    typeof value.type === 'string' &&
    isRecord(value.data) &&
    typeof value.at === 'string'
  );
}

/**
 * The app's one live connection: opened while anyone listens, reconnecting with back-off and
 * `Last-Event-ID` so no event is lost across a short drop, handing each event to the listeners of its type.
 */
export function createLiveConnection({
  open,
  backoffMs = 1_000,
  maxBackoffMs = 30_000,
}: LiveConnectionOptions) {
  const handlers = new Map<string, Set<LiveHandler>>();
  let listeners = 0;
  let lastEventId: string | null = null;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;

  function dispatch(event: LiveEvent) {
    for (const handler of handlers.get(event.type) ?? []) handler(event);
    for (const handler of handlers.get('*') ?? []) handler(event);
  }

  function scheduleReconnect() {
    if (listeners === 0 || retryTimer) return;
    const delay = Math.min(maxBackoffMs, backoffMs * 2 ** attempt);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, delay);
  }

  function connect() {
    if (controller || listeners === 0) return;
    const current = new AbortController();
    controller = current;
    void (async () => {
      try {
        const body = await open(lastEventId, current.signal);
        attempt = 0;
        const parser = createSseParser();
        const decoder = new TextDecoder();
        const reader = body.getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const message of parser.feed(decoder.decode(value, { stream: true }))) {
            const event: unknown = JSON.parse(message.data);
            if (!isLiveEvent(event)) continue;
            // A resync carries id 0: it never replaces the position the server gave last.
            if (message.id) lastEventId = message.id;
            dispatch(event);
          }
        }
      } catch {
        // Dropped, refused or aborted: the retry below (or nothing, when stopped) decides.
      }
      if (controller === current) controller = null;
      if (!current.signal.aborted) scheduleReconnect();
    })();
  }

  function disconnect() {
    controller?.abort();
    controller = null;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  }

  return {
    subscribe(type: string, handler: LiveHandler): () => void {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler);
      listeners += 1;
      connect();
      return () => {
        set.delete(handler);
        listeners -= 1;
        if (listeners === 0) disconnect();
      };
    },
    /** Opens again now (signed in or out: the server filters private events by the caller). */
    reconnect() {
      disconnect();
      attempt = 0;
      connect();
    },
    get connected() {
      return controller !== null;
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;
