import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@uplift/contracts';
import { createLiveConnection } from './liveConnection.ts';
import { createSseParser } from './sseParser.ts';

/** A stream the test writes server-sent events into and can cut, as a dropped connection would be. */
function fakeStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    body,
    send(id: number, type: string) {
      const event: LiveEvent = { id: String(id), type, data: {}, at: new Date(0).toISOString() };
      controller.enqueue(encoder.encode(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`));
    },
    drop: () => controller.close(),
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

afterEach(() => vi.useRealTimers());

describe('sse parser', () => {
  it('joins chunks split anywhere and skips comments', () => {
    const parser = createSseParser();
    expect(parser.feed('retry: 3000\n: connected\n\nid: 4\nda')).toEqual([]);
    expect(parser.feed('ta: {"a":1}\n\n: heartbeat\n\n')).toEqual([{ id: '4', data: '{"a":1}' }]);
  });
});

describe('live connection', () => {
  it('opens for the first listener, reconnects after a drop with the last event id, and closes for the last', async () => {
    vi.useFakeTimers();
    const streams: Array<ReturnType<typeof fakeStream>> = [];
    const opened: Array<string | null> = [];
    const connection = createLiveConnection({
      backoffMs: 1_000,
      open: async (lastEventId) => {
        opened.push(lastEventId);
        const stream = fakeStream();
        streams.push(stream);
        return stream.body;
      },
    });
    const posts: string[] = [];
    const stop = connection.subscribe('post.created', (event) => posts.push(event.id));
    await flush();
    expect(opened).toEqual([null]);

    streams[0]?.send(7, 'post.created');
    streams[0]?.send(8, 'other');
    await flush();
    expect(posts).toEqual(['7']);

    streams[0]?.drop();
    await flush();
    await vi.advanceTimersByTimeAsync(999);
    expect(opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened).toEqual([null, '8']);

    streams[1]?.send(9, 'post.created');
    await flush();
    expect(posts).toEqual(['7', '9']);
    stop();
    expect(connection.connected).toBe(false);
  });

  it('backs off, doubling, while the server refuses', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const connection = createLiveConnection({
      backoffMs: 1_000,
      maxBackoffMs: 4_000,
      open: async () => {
        calls += 1;
        throw new Error('refused');
      },
    });
    connection.subscribe('*', () => {});
    await flush();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(calls).toBe(4);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(calls).toBe(5);
  });
});
