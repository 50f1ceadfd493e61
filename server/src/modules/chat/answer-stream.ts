import type { FastifyReply } from 'fastify';
import type { ChatQuota, ChatStreamEvent } from '@uplift/contracts';
import type { LiveAnswer } from './live-answer.ts';

interface StreamOptions {
  conversationId: string | null;
  messageId: string | null;
  /** The stored question being answered, for a client to edit it later; absent when not stored. */
  questionId?: string;
  quota: ChatQuota;
  /** Anonymous answers are not stored, so nobody can come back for them: stop when the visitor leaves. */
  stopWhenClientLeaves: boolean;
  extraHeaders?: Record<string, string>;
}

/** Takes over the response as a server-sent event stream of ChatStreamEvents. */
export function openEventStream(reply: FastifyReply, extraHeaders: Record<string, string> = {}) {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    ...extraHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Proxies such as nginx would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  return {
    response,
    send(event: ChatStreamEvent) {
      if (!response.writableEnded) response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    },
  };
}

/**
 * Sends an answer as server-sent events: `meta`, the text so far as one `token` (a resuming client catches
 * up), then each new chunk, then `done`. A client that leaves only stops listening; the answer goes on.
 */
export function streamAnswer(reply: FastifyReply, answer: LiveAnswer, options: StreamOptions) {
  const { response, send } = openEventStream(reply, options.extraHeaders);
  const finish = () => {
    const snapshot = answer.snapshot();
    send({
      type: 'done',
      messageId: options.messageId,
      content: snapshot.text,
      citations: snapshot.citations,
      status: snapshot.status,
      groundedOnly: snapshot.groundedOnly,
      quota: options.quota,
    });
    response.end();
  };

  // The headers, `meta` and the text so far leave in one write (uncorked below, in this same turn).
  response.cork();
  send({
    type: 'meta',
    conversationId: options.conversationId,
    messageId: options.messageId,
    ...(options.questionId ? { questionId: options.questionId } : {}),
    citations: answer.citations,
    groundedOnly: answer.groundedOnly,
  });
  if (answer.text) send({ type: 'token', text: answer.text });
  // Uncorked before `end`: a chunked response ended while corked lost what followed its first write
  // (an answer finished before it was streamed reached a real client as `meta` alone).
  response.uncork();
  if (answer.status !== 'streaming') return finish();

  const unsubscribe = answer.subscribe((event) => {
    if (event.type === 'token') send(event);
    else finish();
  });
  const clientLeft = () => {
    unsubscribe();
    if (options.stopWhenClientLeaves) answer.stop();
  };
  // A client that left while the answer was being prepared (its charge, say) is gone already: 'close'
  // has fired and would not come again.
  if (response.destroyed) clientLeft();
  else response.on('close', clientLeft);
}
