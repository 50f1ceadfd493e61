import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  chatMessageSchema,
  chatQuotaSchema,
  conversationDetailSchema,
  conversationListQuerySchema,
  conversationListResponseSchema,
  conversationSummarySchema,
  memberChatRequestSchema,
  publicChatRequestSchema,
  regenerateRequestSchema,
  renameConversationRequestSchema,
  successResponseSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { IdempotentStream } from '../../plugins/idempotency.ts';
import { openEventStream, streamAnswer } from './answer-stream.ts';
import * as repo from './chat.repo.ts';
import type { ChatService, Member } from './chat.service.ts';
import type { Quota, QuotaHolder } from './quota.ts';

const visitorCookie = 'uplift_visitor';
const idParams = z.object({ id: z.uuid() });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};
const eventStream = {
  description: 'Server-sent events, each a ChatStreamEvent: meta, token…, done | error',
  content: { 'text/event-stream': { schema: z.string() } },
};
/** What an idempotency row keeps of a streamed answer, to send it again on a repeat of the request. */
const streamReferenceSchema = z.object({ conversationId: z.uuid(), messageId: z.uuid() });

function memberOf(request: FastifyRequest): Member {
  if (!request.auth) throw new HttpError(401);
  return { id: request.auth.user.id, role: request.auth.user.role };
}

export const chatRoutes: FastifyPluginAsyncZod<{ db: Database; chat: ChatService; quota: Quota }> = async (
  app,
  { db, chat, quota },
) => {
  /** An anonymous visitor, known by a first-party cookie and the address. */
  function visitor(request: FastifyRequest): { holder: QuotaHolder; setCookie?: string } {
    const known = request.cookies[visitorCookie];
    const id = known && /^[\w-]{36}$/.test(known) ? known : randomUUID();
    const setCookie =
      known === id
        ? undefined
        : app.serializeCookie(visitorCookie, id, {
            httpOnly: true,
            sameSite: 'lax',
            secure: request.protocol === 'https',
            path: '/api/chat',
            maxAge: 365 * 24 * 60 * 60,
          });
    return { holder: { kind: 'visitor', id, ip: request.ip }, setCookie };
  }

  function holderOf(request: FastifyRequest): QuotaHolder {
    return request.auth ? { kind: 'user', ...memberOf(request) } : visitor(request).holder;
  }

  /** Streams one of the member's answers: live from where it is, or the stored copy once finished. */
  async function streamOwnAnswer(request: FastifyRequest, reply: FastifyReply, messageId: string) {
    const member = memberOf(request);
    const message = await repo.findOwnMessage(db, member.id, messageId);
    if (!message || message.role !== 'assistant') throw new HttpError(404, 'No answer with that id.');
    const answer = chat.liveAnswer(message.id);
    const used = await quota.read({ kind: 'user', ...member });
    if (answer) {
      streamAnswer(reply, answer, {
        conversationId: message.conversationId,
        messageId: message.id,
        quota: used,
        stopWhenClientLeaves: false,
      });
      return;
    }
    const stored = repo.toMessage(message);
    const { response, send } = openEventStream(reply);
    send({
      type: 'meta',
      conversationId: message.conversationId,
      messageId: message.id,
      citations: stored.citations,
      groundedOnly: stored.groundedOnly,
    });
    send({ type: 'token', text: stored.content });
    send({
      type: 'done',
      messageId: message.id,
      content: stored.content,
      citations: stored.citations,
      status: stored.status,
      groundedOnly: stored.groundedOnly,
      quota: used,
    });
    response.end();
  }

  /** A member stream sent again with its Idempotency-Key gets the same answer, not a second one. */
  const replayedAsStream: IdempotentStream = {
    replayStream: (request, reply, reference) =>
      streamOwnAnswer(request, reply, streamReferenceSchema.parse(reference).messageId),
  };

  /** Streams a member's new answer, first recording it for a repeat of the request. */
  async function streamStarted(
    request: FastifyRequest,
    reply: FastifyReply,
    started: Awaited<ReturnType<ChatService['askAsMember']>>,
  ) {
    await request.idempotency?.streamStarted({
      conversationId: started.conversationId,
      messageId: started.messageId,
    });
    streamAnswer(reply, started.answer, { ...started, stopWhenClientLeaves: false });
  }

  app.post(
    '/api/chat/public',
    {
      // Anonymous by definition: who may be signed in is never read, so no session lookup runs.
      config: { access: 'public', session: false, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['chat'],
        summary: 'Ask Vale anonymously (small daily quota, nothing stored); streams server-sent events',
        body: publicChatRequestSchema,
        response: { 200: eventStream, ...errors },
      },
    },
    async (request, reply) => {
      const { holder, setCookie } = visitor(request);
      const { answer, quota: used } = await chat.askPublic(
        holder,
        request.body.message,
        request.body.history,
      );
      streamAnswer(reply, answer, {
        conversationId: null,
        messageId: null,
        quota: used,
        stopWhenClientLeaves: true,
        ...(setCookie ? { extraHeaders: { 'set-cookie': setCookie } } : {}),
      });
    },
  );

  app.post(
    '/api/chat/message',
    {
      config: {
        access: 'auth',
        idempotent: replayedAsStream,
        rateLimit: { max: 30, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['chat'],
        summary:
          'Ask Vale in a saved conversation (new when no id); streams; the answer is saved even if the client leaves',
        body: memberChatRequestSchema,
        response: { 200: eventStream, ...errors },
      },
    },
    async (request, reply) => {
      const started = await chat.askAsMember(
        memberOf(request),
        request.body.message,
        request.body.conversationId,
      );
      await streamStarted(request, reply, started);
    },
  );

  app.get(
    '/api/chat/quota',
    {
      config: { access: 'public' },
      schema: {
        tags: ['chat'],
        summary: "Today's Vale quota of the caller (member or anonymous visitor)",
        response: { 200: chatQuotaSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return quota.read(holderOf(request));
    },
  );

  app.get(
    '/api/chat/conversations',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['chat'],
        summary: 'Your conversations, latest first; with q, those whose title or messages hold it',
        querystring: conversationListQuerySchema,
        response: { 200: conversationListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      items: (await repo.listConversations(db, memberOf(request).id, request.query.q)).map(repo.toSummary),
    }),
  );

  app.get(
    '/api/chat/conversations/:id',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['chat'],
        summary: 'One conversation with its messages',
        params: idParams,
        response: { 200: conversationDetailSchema, ...errors },
      },
    },
    async (request) => {
      const conversation = await repo.findConversation(db, memberOf(request).id, request.params.id);
      if (!conversation) throw new HttpError(404, 'No conversation with that id.');
      const messages = await repo.listMessages(db, conversation.id);
      return { ...repo.toSummary(conversation), messages: messages.map(repo.toMessage) };
    },
  );

  app.patch(
    '/api/chat/conversations/:id',
    {
      config: { access: 'auth', idempotent: true },
      schema: {
        tags: ['chat'],
        summary: 'Rename a conversation',
        params: idParams,
        body: renameConversationRequestSchema,
        response: { 200: conversationSummarySchema, ...errors },
      },
    },
    async (request) => {
      const renamed = await repo.renameConversation(
        db,
        memberOf(request).id,
        request.params.id,
        request.body.title,
      );
      if (!renamed) throw new HttpError(404, 'No conversation with that id.');
      return repo.toSummary(renamed);
    },
  );

  app.delete(
    '/api/chat/conversations/:id',
    {
      config: { access: 'auth', idempotent: true },
      schema: {
        tags: ['chat'],
        summary: 'Delete a conversation and its messages',
        params: idParams,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await repo.deleteConversation(db, memberOf(request).id, request.params.id))) {
        throw new HttpError(404, 'No conversation with that id.');
      }
      return { success: true as const };
    },
  );

  app.post(
    '/api/chat/conversations/:id/regenerate',
    {
      config: {
        access: 'auth',
        idempotent: replayedAsStream,
        rateLimit: { max: 30, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['chat'],
        summary:
          'Answer a question again (the last, or questionId) as sent or edited; later turns are dropped; streams',
        params: idParams,
        // Sent without a body by clients that only regenerate.
        body: regenerateRequestSchema.nullish(),
        response: { 200: eventStream, ...errors },
      },
    },
    async (request, reply) => {
      const started = await chat.regenerate(memberOf(request), request.params.id, {
        edited: request.body?.message,
        questionId: request.body?.questionId,
      });
      await streamStarted(request, reply, started);
    },
  );

  app.get(
    '/api/chat/messages/:id',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['chat'],
        summary: 'One of your messages: fetch an answer that finished while you were away',
        params: idParams,
        response: { 200: chatMessageSchema, ...errors },
      },
    },
    async (request) => {
      const message = await repo.findOwnMessage(db, memberOf(request).id, request.params.id);
      if (!message) throw new HttpError(404, 'No message with that id.');
      return repo.toMessage(message);
    },
  );

  app.get(
    '/api/chat/messages/:id/events',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['chat'],
        summary: 'Resume the stream of an answer: the text so far, then the rest',
        params: idParams,
        response: { 200: eventStream, ...errors },
      },
    },
    (request, reply) => streamOwnAnswer(request, reply, request.params.id),
  );

  app.post(
    '/api/chat/messages/:id/stop',
    {
      config: { access: 'auth', idempotent: true },
      schema: {
        tags: ['chat'],
        summary: 'Stop an answer being generated; what was written so far is kept',
        params: idParams,
        response: { 200: chatMessageSchema, ...errors },
      },
    },
    async (request) => {
      const message = await chat.stop(memberOf(request), request.params.id);
      if (!message) throw new HttpError(404, 'No message with that id.');
      return repo.toMessage(message);
    },
  );
};
