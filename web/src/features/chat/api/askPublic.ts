import { requestStream } from '../../../lib/http/index.ts';
import { readChatEvents } from '../stream/readChatEvents.ts';

/** The body of POST /api/chat/public (publicChatRequestSchema). */
export interface PublicChatRequest {
  message: string;
  /** Earlier turns, oldest first, at most chatLimits.publicHistoryMaxTurns. */
  history: { role: 'user' | 'assistant'; content: string }[];
}

/** POST /api/chat/public: an anonymous question with its short history; the answer as stream events. */
export async function* askPublic(body: PublicChatRequest, signal: AbortSignal) {
  yield* readChatEvents(await requestStream('/chat/public', { method: 'POST', body, signal }));
}
