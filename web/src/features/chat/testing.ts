import type {
  ChatMessage,
  ChatQuota,
  ChatStreamEvent,
  Citation,
  ConversationDetail,
  KnowledgePoint,
} from '@uplift/contracts';
import { vi } from 'vitest';

/** Test support only: the API of Vale faked at `fetch`, with real Responses and real event streams. */

export const citation: Citation = {
  index: 1,
  knowledgePointId: 'kp-1',
  slug: 'interview-prep',
  title: 'Preparing for interviews',
};

export const knowledgePoint: KnowledgePoint = {
  id: 'kp-1',
  slug: 'interview-prep',
  title: 'Preparing for interviews',
  body: 'Use the **STAR** method.\n\n<img src=x onerror="alert(1)"><script>alert(2)</script>\n\n- Practise out loud',
  topic: 'careers',
  tags: ['interviews'],
  skillTags: ['communication'],
  sourceUrl: 'https://example.org/interviews',
};

export function quota(
  remaining: number | null,
  limit: number | null = 5,
  limitedBy: ChatQuota['limitedBy'] = 'visitor',
): ChatQuota {
  return {
    used: limit === null || remaining === null ? 3 : limit - remaining,
    limit,
    remaining,
    resetsAt: '2030-01-02T00:00:00.000Z',
    limitedBy,
  };
}

export function message(overrides: Partial<ChatMessage> & Pick<ChatMessage, 'id' | 'role'>): ChatMessage {
  return {
    content: '',
    citations: [],
    status: 'complete',
    groundedOnly: false,
    createdAt: '2030-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function conversation(id: string, messages: ChatMessage[], title = 'Interviews'): ConversationDetail {
  return {
    id,
    title,
    createdAt: '2030-01-01T10:00:00.000Z',
    updatedAt: '2030-01-01T10:05:00.000Z',
    messages,
  };
}

/** What the server writes for each event: `event: <type>` and the JSON as data. */
export function sse(events: readonly ChatStreamEvent[]): string {
  return events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join('');
}

export function answerEvents(
  text: string,
  options: { messageId?: string | null; conversationId?: string | null; quota?: ChatQuota } = {},
): ChatStreamEvent[] {
  const messageId = options.messageId ?? null;
  return [
    {
      type: 'meta',
      conversationId: options.conversationId ?? null,
      messageId,
      citations: [citation],
      groundedOnly: true,
    },
    ...text.split(/(?<= )/).map((part): ChatStreamEvent => ({ type: 'token', text: part })),
    {
      type: 'done',
      messageId,
      content: text,
      citations: [citation],
      status: 'complete',
      groundedOnly: true,
      quota: options.quota ?? quota(4),
    },
  ];
}

/** A body delivered in pieces of `pieceSize` bytes, so events and even characters arrive split. */
export function streamOf(text: string, pieceSize = 7): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += pieceSize)
        controller.enqueue(bytes.slice(at, at + pieceSize));
      controller.close();
    },
  });
}

export function eventStreamResponse(body: string | ReadableStream<Uint8Array>): Response {
  return new Response(typeof body === 'string' ? streamOf(body) : body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  });
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function apiError(status: number, message: string, code = 'RATE_LIMITED'): Response {
  return json({ success: false, error: { code, message, statusCode: status } }, status);
}

/**
 * A stream the test writes to as it goes: events stay open until `close`, and the request's abort
 * ends it as a browser would.
 */
export function liveStream(signal?: AbortSignal | null) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
  return {
    response: eventStreamResponse(body),
    send(...events: ChatStreamEvent[]) {
      controller.enqueue(new TextEncoder().encode(sse(events)));
    },
    close() {
      controller.close();
    },
    /** The connection dies midway (network blip, tab backgrounded). */
    fail() {
      controller.error(new TypeError('network error'));
    },
  };
}

export interface FakeCall {
  method: string;
  path: string;
  /** The query string, `?q=…`, or ''. */
  search: string;
  body: unknown;
  signal: AbortSignal | null | undefined;
}

type Route = (call: FakeCall) => Response | Promise<Response>;

/** Routes by "METHOD /path"; unknown calls answer 404. Returns the calls made, in order. */
export function fakeApi(routes: Record<string, Route>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: FakeCall = { method, path: url.pathname, search: url.search, body, signal: init?.signal };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    return route ? route(call) : apiError(404, `No route ${method} ${url.pathname}`, 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
