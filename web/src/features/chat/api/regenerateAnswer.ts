import { requestStream } from '../../../lib/http/index.ts';
import { readChatEvents } from '../stream/readChatEvents.ts';

/** POST /api/chat/conversations/:id/regenerate: a new answer replaces the last one. */
export async function* regenerateAnswer(conversationId: string, signal: AbortSignal) {
  const path = `/chat/conversations/${encodeURIComponent(conversationId)}/regenerate`;
  yield* readChatEvents(await requestStream(path, { method: 'POST', signal }));
}
