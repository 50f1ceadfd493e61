import type { ChatStreamEvent, chatStreamEventSchema } from '@uplift/contracts';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

type StreamEventSchema = typeof chatStreamEventSchema;

/** A stream event off the contract (or not JSON): skipped, as EventSource skips what it does not know. */
function toChatEvent(schema: StreamEventSchema, message: EventSourceMessage): ChatStreamEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * The ChatStreamEvents of a text/event-stream response, in order, as they arrive. Ends when the server
 * closes the stream (whether or not a `done` came: the caller decides what a missing end means); throws
 * when the connection fails midway or the request's signal aborts it.
 */
export async function* readChatEvents(response: Response): AsyncGenerator<ChatStreamEvent> {
  if (!response.body) return;
  // The stream's contract is checked here (the server writes it itself, no serializer in between); its
  // schema, and zod, load with the first answer rather than with the chat screen.
  const { chatStreamEventSchema } = await import('./streamEventSchema.ts');
  const ready: ChatStreamEvent[] = [];
  const parser = createParser({
    onEvent(message) {
      const event = toChatEvent(chatStreamEventSchema, message);
      if (event) ready.push(event);
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      // As in EventSource, an event the stream ends in the middle of (no blank line yet) is dropped.
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
      while (ready.length > 0) yield ready.shift() as ChatStreamEvent;
    }
  } finally {
    // Leaving early (a consumer that stops reading) releases the connection.
    reader.cancel().catch(() => undefined);
  }
}
