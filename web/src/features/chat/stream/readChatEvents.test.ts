import type { ChatStreamEvent } from '@uplift/contracts';
import { describe, expect, it } from 'vitest';
import { answerEvents, eventStreamResponse, sse, streamOf } from '../testing.ts';
import { readChatEvents } from './readChatEvents.ts';

async function collect(response: Response): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const event of readChatEvents(response)) events.push(event);
  return events;
}

describe('readChatEvents', () => {
  const events = answerEvents('Practise your answers out loud — ça marche. ', { messageId: 'm-1' });

  it('reads meta, tokens and done in order', async () => {
    expect(await collect(eventStreamResponse(sse(events)))).toEqual(events);
  });

  it.each([1, 2, 3, 5, 13, 64])(
    'reads the same events however the bytes are split (%i-byte pieces)',
    async (size) => {
      // Pieces this small split lines, JSON and multi-byte characters (— and ç) across reads.
      expect(await collect(eventStreamResponse(streamOf(sse(events), size)))).toEqual(events);
    },
  );

  it('reads an error event', async () => {
    const error: ChatStreamEvent = { type: 'error', code: 'RATE_LIMITED', message: 'Too many requests.' };
    expect(await collect(eventStreamResponse(sse([error])))).toEqual([error]);
  });

  it('skips events off the contract, comments and data that is not JSON', async () => {
    const token: ChatStreamEvent = { type: 'token', text: 'Hi' };
    const body = `: keep-alive\n\nevent: ping\ndata: {"type":"ping"}\n\nevent: token\ndata: not json\n\n${sse([token])}`;
    expect(await collect(eventStreamResponse(body))).toEqual([token]);
  });

  it('accepts CRLF line ends', async () => {
    const token: ChatStreamEvent = { type: 'token', text: 'Hi' };
    const body = sse([token]).replace(/\n/g, '\r\n');
    expect(await collect(eventStreamResponse(body))).toEqual([token]);
  });

  it('drops an event the stream ends in the middle of, as EventSource does', async () => {
    const text = sse(events.slice(0, 2));
    const cut = `${text}event: token\ndata: {"type":"token","text":"lost"}`;
    expect(await collect(eventStreamResponse(cut))).toEqual(events.slice(0, 2));
  });

  it('throws when the connection fails midway, after the events that did arrive', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(sse(events.slice(0, 1))));
      },
      pull(controller) {
        controller.error(new TypeError('network error'));
      },
    });
    const seen: ChatStreamEvent[] = [];
    await expect(async () => {
      for await (const event of readChatEvents(eventStreamResponse(body))) seen.push(event);
    }).rejects.toThrow('network error');
    expect(seen).toEqual(events.slice(0, 1));
  });
});
