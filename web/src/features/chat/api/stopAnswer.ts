import type { chatMessageSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';

/** POST /api/chat/messages/:id/stop: stops the answer; resolves with what was kept. */
export function stopAnswer(messageId: string) {
  return http.post(`/chat/messages/${encodeURIComponent(messageId)}/stop`, {
    schema: serverChecked<typeof chatMessageSchema>(),
  });
}
