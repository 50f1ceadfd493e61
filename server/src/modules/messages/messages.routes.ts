import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  directConversationListSchema,
  conversationReportInputSchema,
  directConversationSchema,
  directMessageInputSchema,
  directMessageSchema,
  markReadInputSchema,
  memberIdParamsSchema,
  messageLimits,
  messageSettingsInputSchema,
  messageSettingsSchema,
  successResponseSchema,
  type DirectConversation,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { hasBlocked } from '../blocks/index.ts';
import * as repo from './messages.repo.ts';
import { toMessage, type MessagesService } from './messages.service.ts';
import { cannotMessage } from './permissions.ts';
import { hasOpenReport } from './reports.repo.ts';

function memberOf(request: FastifyRequest) {
  const user = request.auth?.publicUser;
  if (!user) throw new HttpError(401);
  return user;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The caller's conversation with one member as the screen shows it, whether or not it has begun. */
async function conversationWith(db: Database, me: string, otherId: string): Promise<DirectConversation> {
  if (me === otherId) throw new HttpError(400, 'You cannot message yourself.');
  const other = await repo.findMember(db, otherId);
  if (!other) throw new HttpError(404, 'No member with that id.');
  const conversation = await repo.findConversation(db, me, otherId);
  const [messages, seen, reason, blockedByMe, reported] = await Promise.all([
    conversation ? repo.messagesIn(db, conversation.id, messageLimits.pageSize) : [],
    conversation ? repo.seenMessageId(db, conversation, me) : null,
    cannotMessage(db, me, other),
    hasBlocked(db, me, otherId),
    conversation ? hasOpenReport(db, conversation.id, me) : false,
  ]);
  return {
    id: conversation?.id ?? null,
    member: { id: other.id, displayName: other.displayName, avatarUrl: other.avatarUrl },
    messages: messages.map((message) => toMessage(message, me)),
    seenMessageId: seen,
    cannotMessage: reason,
    blockedByMe,
    reported,
  };
}

export const messagesRoutes: FastifyPluginAsyncZod<{ db: Database; messages: MessagesService }> = async (
  app,
  { db, messages },
) => {
  app.get(
    '/api/messages',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['messages'],
        summary: "The caller's conversations, the most recent first, with unread counts",
        response: { 200: directConversationListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ items: await repo.conversationsOf(db, memberOf(request).id) }),
  );

  app.get(
    '/api/messages/settings',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['messages'],
        summary: 'Who may message the caller',
        response: { 200: messageSettingsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ whoCanMessage: await repo.whoCanMessageOf(db, memberOf(request).id) }),
  );

  app.put(
    '/api/messages/settings',
    {
      config: { access: 'auth', idempotent: true },
      schema: {
        tags: ['messages'],
        summary: 'Choose who may message the caller: any member, members already messaged, or nobody',
        body: messageSettingsInputSchema,
        response: { 200: messageSettingsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      await messages.setWhoCanMessage(memberOf(request).id, request.body.whoCanMessage);
      return request.body;
    },
  );

  app.get(
    '/api/messages/with/:memberId',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['messages'],
        summary: 'The conversation with one member (empty before the first message) and whether one may send',
        params: memberIdParamsSchema,
        response: { 200: directConversationSchema, ...errors },
      },
    },
    async (request) => conversationWith(db, memberOf(request).id, request.params.memberId),
  );

  app.post(
    '/api/messages/with/:memberId',
    {
      config: {
        access: 'auth',
        idempotent: true,
        rateLimit: { max: messageLimits.perMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['messages'],
        summary: 'Send a message; 403 when blocked or the member does not take messages from the caller',
        params: memberIdParamsSchema,
        body: directMessageInputSchema,
        response: { 201: directMessageSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await messages.send(memberOf(request), request.params.memberId, request.body)),
  );

  app.post(
    '/api/messages/with/:memberId/read',
    {
      config: { access: 'auth', idempotent: true },
      schema: {
        tags: ['messages'],
        summary: 'Mark the conversation read up to a message; the other member sees "Seen"',
        params: memberIdParamsSchema,
        body: markReadInputSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      await messages.markRead(memberOf(request).id, request.params.memberId, request.body.upTo);
      return { success: true as const };
    },
  );

  app.post(
    '/api/messages/with/:memberId/report',
    {
      config: { access: 'auth', idempotent: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['messages'],
        summary: 'Report the conversation to the moderators, who may then read it',
        params: memberIdParamsSchema,
        body: conversationReportInputSchema,
        response: { 201: successResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await messages.report(memberOf(request).id, request.params.memberId, request.body);
      return reply.code(201).send({ success: true as const });
    },
  );
};
