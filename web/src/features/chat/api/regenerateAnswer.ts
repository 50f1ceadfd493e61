import { requestStream } from '../../../lib/http/index.ts';
import { readChatEvents } from '../stream/readChatEvents.ts';

/**
 * POST /api/chat/conversations/:id/regenerate: a new answer replaces the last one; with `edited`, to the
 * member's new wording of the last question, which replaces it.
 */
export async function* regenerateAnswer(conversationId: string, signal: AbortSignal, edited?: string) {
  const path = `/chat/conversations/${encodeURIComponent(conversationId)}/regenerate`;
  const body = edited === undefined ? {} : { body: { message: edited } };
  yield* readChatEvents(await requestStream(path, { method: 'POST', signal, ...body }));
}
