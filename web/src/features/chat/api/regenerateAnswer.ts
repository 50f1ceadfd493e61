import type { RegenerateRequest } from '@uplift/contracts';
import { requestStream } from '../../../lib/http/index.ts';
import { readChatEvents } from '../stream/readChatEvents.ts';

/**
 * POST /api/chat/conversations/:id/regenerate: a new answer to the last question, or to `questionId`'s
 * (whose later turns the server drops); with `message`, to the member's new wording, which replaces it.
 */
export async function* regenerateAnswer(
  conversationId: string,
  signal: AbortSignal,
  change: RegenerateRequest = {},
) {
  const path = `/chat/conversations/${encodeURIComponent(conversationId)}/regenerate`;
  yield* readChatEvents(await requestStream(path, { method: 'POST', signal, body: change }));
}
