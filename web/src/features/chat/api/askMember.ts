import { requestStream } from '../../../lib/http/index.ts';
import { readChatEvents } from '../stream/readChatEvents.ts';

/** The body of POST /api/chat/message (memberChatRequestSchema). */
export interface MemberChatRequest {
  /** Omitted: the question starts a new conversation. */
  conversationId?: string;
  message: string;
}

/** POST /api/chat/message: a member's question; the answer as stream events, saved whatever happens. */
export async function* askMember(body: MemberChatRequest, signal: AbortSignal) {
  yield* readChatEvents(await requestStream('/chat/message', { method: 'POST', body, signal }));
}
