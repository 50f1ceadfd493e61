import { requestStream } from '../../../lib/http/index.ts';
import { readChatEvents } from '../stream/readChatEvents.ts';

/** GET /api/chat/messages/:id/events: the answer's text so far as one token, then the rest as it comes. */
export async function* resumeAnswer(messageId: string, signal: AbortSignal) {
  yield* readChatEvents(
    await requestStream(`/chat/messages/${encodeURIComponent(messageId)}/events`, { signal }),
  );
}
