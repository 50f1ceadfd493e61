import { liveEventSchema, type LiveEvent } from '@uplift/contracts';

export interface LiveStream {
  status: number;
  /** Every event received so far, in order. */
  events: LiveEvent[];
  /** Comment lines received (heartbeats). */
  comments: string[];
  /** Resolves with the first event (already received or coming) that matches. */
  waitFor(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves once the stream is over: ended by the server (it shut down, say), or by `close()`. */
  ended: Promise<void>;
  close(): void;
}

/** A real `GET /api/events` client over HTTP, reading the stream as a browser's EventSource would. */
export async function openLiveStream(
  baseUrl: string,
  options: { cookie?: string; lastEventId?: string } = {},
): Promise<LiveStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const response = await fetch(`${baseUrl}/api/events`, { headers, signal: controller.signal });
  const events: LiveEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let ended = Promise.resolve();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of block.split('\n')) {
              if (line.startsWith('data: ')) events.push(liveEventSchema.parse(JSON.parse(line.slice(6))));
              else if (line.startsWith(': ')) comments.push(line.slice(2));
            }
            end = buffer.indexOf('\n\n');
          }
          for (const wake of waiters) wake();
        }
      } catch {
        // Aborted by close().
      }
    })();
  } else {
    await response.body?.cancel();
  }
  return {
    status: response.status,
    events,
    comments,
    ended,
    waitFor(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching live event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}

/** Waits a little for anything that should NOT arrive to have had its chance. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
