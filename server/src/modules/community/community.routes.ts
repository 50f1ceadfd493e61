import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  communityCommentInputSchema,
  communityCommentSchema,
  communityCommentUpdateSchema,
  communityLimits,
  communityPinSchema,
  communityPostInputSchema,
  communityPostListQuerySchema,
  communityPostListSchema,
  communityPostSchema,
  communityPostUpdateSchema,
  communityReactionsSchema,
  communityReportInputSchema,
  communityReportReceiptSchema,
  communityThreadSchema,
  communityTopicListSchema,
  hasRole,
  reactionKindSchema,
  successResponseSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { asc } from 'drizzle-orm';
import { communityTopics } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { CommunityService, Member } from './community.service.ts';
import { commentWithMentions, postWithMentions, withCommentMentions, withPostMentions } from './mentions.ts';
import { fileReport } from './moderation.ts';
import { findComment, findPost, listComments, listPosts, type Viewer } from './posts.repo.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};
const postParams = z.object({ id: z.uuid() });

export function viewerOf(request: FastifyRequest): Viewer {
  const user = request.auth?.publicUser;
  return { id: user?.id ?? null, isAdmin: user ? hasRole(user.role, 'admin') : false };
}

export function memberOf(request: FastifyRequest): Member {
  const viewer = viewerOf(request);
  if (!viewer.id) throw new HttpError(401);
  return { ...viewer, id: viewer.id, displayName: request.auth?.user.displayName };
}

/** Per member, not per address: the session is known by the time this hook runs. */
const perMember = (max: number, timeWindow: string) => ({
  max,
  timeWindow,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => request.auth?.user.id ?? request.ip,
});

export const communityRoutes: FastifyPluginAsyncZod<{
  db: Database;
  community: CommunityService;
}> = async (app, { db, community }) => {
  app.get(
    '/api/community/topics',
    {
      config: { access: 'public', publicCache: 'community' },
      schema: {
        tags: ['community'],
        summary: 'The feed topics',
        response: { 200: communityTopicListSchema },
      },
    },
    async () => ({
      items: await db
        .select({
          id: communityTopics.id,
          name: communityTopics.name,
          description: communityTopics.description,
        })
        .from(communityTopics)
        .orderBy(asc(communityTopics.position)),
    }),
  );

  app.get(
    '/api/community/posts',
    {
      config: { access: 'public', publicCache: 'community' },
      schema: {
        tags: ['community'],
        summary:
          'The feed: newest first with pinned posts on the first page; topic filter, full-text search, cursor',
        querystring: communityPostListQuerySchema,
        response: { 200: communityPostListSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const page = await listPosts(db, viewerOf(request), request.query);
      const strip = ({ seq: _seq, ...post }: { seq: number } & z.infer<typeof communityPostSchema>) => post;
      return {
        pinned: await withPostMentions(db, page.pinned.map(strip)),
        items: await withPostMentions(db, page.items.map(strip)),
        nextCursor: page.nextCursor,
      };
    },
  );

  app.post(
    '/api/community/posts',
    {
      config: {
        access: 'auth',
        idempotent: true,
        rateLimit: perMember(communityLimits.postsPerHour, '1 hour'),
        invalidates: ['community'],
      },
      schema: {
        tags: ['community'],
        summary: 'Publish a post (Markdown source; rate limited per member)',
        body: communityPostInputSchema,
        response: { 201: communityPostSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The image must be one its author uploaded (checked in the post's transaction, decision 0051).
      const { seq: _seq, ...post } = await community.createPost(memberOf(request), request.body);
      return reply.code(201).send(await postWithMentions(db, post));
    },
  );

  app.get(
    '/api/community/posts/:id',
    {
      config: { access: 'public', publicCache: 'community' },
      schema: {
        tags: ['community'],
        summary: 'A post with its comments (a deleted post keeps its thread readable)',
        params: postParams,
        response: { 200: communityThreadSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const found = await findPost(db, viewer, request.params.id);
      if (!found) throw new HttpError(404, 'No post with that id.');
      const { seq: _seq, ...post } = found;
      return {
        post: await postWithMentions(db, post),
        comments: await withCommentMentions(db, await listComments(db, viewer, post.id)),
      };
    },
  );

  app.patch(
    '/api/community/posts/:id',
    {
      config: { access: 'auth', idempotent: true, invalidates: ['community'] },
      schema: {
        tags: ['community'],
        summary: 'Edit your own post',
        params: postParams,
        body: communityPostUpdateSchema,
        response: { 200: communityPostSchema, ...errors },
      },
    },
    async (request) => {
      const { seq: _seq, ...post } = await community.updatePost(
        memberOf(request),
        request.params.id,
        request.body,
      );
      return postWithMentions(db, post);
    },
  );

  app.delete(
    '/api/community/posts/:id',
    {
      config: { access: 'auth', idempotent: true, invalidates: ['community'] },
      schema: {
        tags: ['community'],
        summary: "Delete your own post with its image (admins: any post, audited when it is someone else's)",
        params: postParams,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      await community.deletePost(memberOf(request), request.params.id);
      return { success: true as const };
    },
  );

  app.put(
    '/api/community/posts/:id/pin',
    {
      config: { access: 'admin', idempotent: true, invalidates: ['community'] },
      schema: {
        tags: ['community', 'admin'],
        summary: 'Pin or unpin a post (audited)',
        params: postParams,
        body: communityPinSchema,
        response: { 200: communityPostSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.auth?.user;
      if (!user) throw new HttpError(401);
      const { seq: _seq, ...post } = await community.setPinned(
        // The audit log names the admin who pinned it.
        { ...memberOf(request), displayName: user.displayName },
        request.params.id,
        request.body.pinned,
      );
      return post;
    },
  );

  app.get(
    '/api/community/posts/:id/comments',
    {
      config: { access: 'public', publicCache: 'community' },
      schema: {
        tags: ['community'],
        summary: "A post's comments, oldest first",
        params: postParams,
        response: { 200: z.object({ items: z.array(communityCommentSchema) }), 404: apiErrorSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      if (!(await findPost(db, viewer, request.params.id))) throw new HttpError(404, 'No post with that id.');
      return { items: await withCommentMentions(db, await listComments(db, viewer, request.params.id)) };
    },
  );

  app.post(
    '/api/community/posts/:id/comments',
    {
      config: {
        access: 'auth',
        idempotent: true,
        rateLimit: perMember(communityLimits.commentsPerMinute, '1 minute'),
        invalidates: ['community'],
      },
      schema: {
        tags: ['community'],
        summary: 'Comment on a post, or reply to a top-level comment',
        params: postParams,
        body: communityCommentInputSchema,
        response: { 201: communityCommentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const comment = await community.createComment(memberOf(request), request.params.id, request.body);
      return reply.code(201).send(await commentWithMentions(db, comment));
    },
  );

  app.patch(
    '/api/community/comments/:id',
    {
      config: { access: 'auth', idempotent: true, invalidates: ['community'] },
      schema: {
        tags: ['community'],
        summary: 'Edit your own comment',
        params: postParams,
        body: communityCommentUpdateSchema,
        response: { 200: communityCommentSchema, ...errors },
      },
    },
    async (request) => {
      const comment = await community.updateComment(memberOf(request), request.params.id, request.body.body);
      return commentWithMentions(db, comment);
    },
  );

  app.delete(
    '/api/community/comments/:id',
    {
      config: { access: 'auth', idempotent: true, invalidates: ['community'] },
      schema: {
        tags: ['community'],
        summary: "Delete your own comment (admins: any comment, audited when it is someone else's)",
        params: postParams,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      await community.deleteComment(memberOf(request), request.params.id);
      return { success: true as const };
    },
  );

  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/community/posts/:id/reactions/:kind',
      config: {
        access: 'auth',
        idempotent: true,
        rateLimit: perMember(60, '1 minute'),
        invalidates: ['community'],
      },
      schema: {
        tags: ['community'],
        summary: method === 'PUT' ? 'React to a post (idempotent)' : 'Take a reaction back (idempotent)',
        params: z.object({ id: z.uuid(), kind: reactionKindSchema }),
        response: { 200: communityReactionsSchema, ...errors },
      },
      handler: async (request) =>
        community.setReaction(memberOf(request), request.params.id, request.params.kind, method === 'PUT'),
    });
  }

  app.post(
    '/api/community/reports',
    {
      // A flag may hide the post (decision 0099): the cached feed must not keep showing it.
      config: {
        access: 'auth',
        idempotent: true,
        rateLimit: perMember(20, '1 hour'),
        invalidates: ['community'],
      },
      schema: {
        tags: ['community'],
        summary: 'Report a post or a comment to the moderators (a repeat by the same member changes nothing)',
        body: communityReportInputSchema,
        response: { 200: communityReportReceiptSchema, ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const { postId, commentId, reason, note } = request.body;
      await community.livePost(member, postId);
      if (commentId) {
        const comment = await findComment(db, member, commentId);
        if (!comment || comment.postId !== postId || comment.deleted)
          throw new HttpError(404, 'No comment with that id.');
      }
      await fileReport(db, member.id, { postId, commentId }, reason, note);
      if (!commentId) await community.flagged(postId);
      return { reported: true as const };
    },
  );
};
