import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  communityBookmarkListSchema,
  communityBookmarkSchema,
  communityFollowSchema,
  communityPostStandingSchema,
  communityUnreadSchema,
  successResponseSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { isBookmarked, listBookmarks, setBookmarked } from './bookmarks.ts';
import type { CommunityService } from './community.service.ts';
import { memberOf } from './community.routes.ts';
import { isFollowing, setFollowing } from './follows.ts';
import { withPostMentions } from './mentions.ts';
import { feedUnread, markFeedSeen, markThreadRead, threadReadAt } from './visits.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const postParams = z.object({ id: z.uuid() });
// Per member, not per address (many members may share one): the session is known by the preHandler hook.
const ownOnly = {
  access: 'auth',
  rateLimit: {
    max: 120,
    timeWindow: '1 minute',
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => request.auth?.user.id ?? request.ip,
  },
} as const;

/**
 * A member's own standing with the feed (issue 45.2, 45.3): following a post, saving it, and what is new
 * since they last looked. Each answer is the caller's alone, so none is publicly cached.
 */
export const communitySocialRoutes: FastifyPluginAsyncZod<{
  db: Database;
  community: CommunityService;
}> = async (app, { db, community }) => {
  app.get(
    '/api/community/posts/:id/standing',
    {
      config: ownOnly,
      schema: {
        tags: ['community'],
        summary: 'Whether you follow and saved a post, and when you last read its thread',
        params: postParams,
        response: { 200: communityPostStandingSchema, ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const post = await community.livePost(member, request.params.id);
      const [following, bookmarked, lastReadAt] = await Promise.all([
        isFollowing(db, member.id, post.id),
        isBookmarked(db, member.id, post.id),
        threadReadAt(db, member.id, post.id),
      ]);
      return { following, bookmarked, lastReadAt };
    },
  );

  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/community/posts/:id/follow',
      config: { ...ownOnly, idempotent: true },
      schema: {
        tags: ['community'],
        summary:
          method === 'PUT'
            ? 'Follow a post: replies to it notify you (idempotent)'
            : 'Unfollow a post: replies no longer notify you (idempotent)',
        params: postParams,
        response: { 200: communityFollowSchema, ...errors },
      },
      handler: async (request) => {
        const member = memberOf(request);
        const post = await community.livePost(member, request.params.id);
        await setFollowing(db, member.id, post.id, method === 'PUT');
        return { following: method === 'PUT' };
      },
    });

    app.route({
      method,
      url: '/api/community/posts/:id/bookmark',
      config: { ...ownOnly, idempotent: true },
      schema: {
        tags: ['community'],
        summary:
          method === 'PUT' ? 'Save a post to your Saved list (idempotent)' : 'Unsave a post (idempotent)',
        params: postParams,
        response: { 200: communityBookmarkSchema, ...errors },
      },
      handler: async (request) => {
        const member = memberOf(request);
        // Unsaving works on a post gone since; saving needs one the member can see.
        if (method === 'PUT') await community.livePost(member, request.params.id);
        await setBookmarked(db, member.id, request.params.id, method === 'PUT');
        return { bookmarked: method === 'PUT' };
      },
    });
  }

  app.get(
    '/api/community/bookmarks',
    {
      config: ownOnly,
      schema: {
        tags: ['community'],
        summary: 'Your saved posts, the most recently saved first',
        response: { 200: communityBookmarkListSchema, ...errors },
      },
    },
    async (request) => ({ items: await withPostMentions(db, await listBookmarks(db, memberOf(request))) }),
  );

  app.get(
    '/api/community/unread',
    {
      config: ownOnly,
      schema: {
        tags: ['community'],
        summary: 'When you last looked at the feed, and how many posts by others came since',
        response: { 200: communityUnreadSchema, ...errors },
      },
    },
    async (request) => feedUnread(db, memberOf(request).id),
  );

  app.put(
    '/api/community/visit',
    {
      config: { ...ownOnly, idempotent: true },
      schema: {
        tags: ['community'],
        summary: 'You looked at the feed: what came before is no longer new',
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      await markFeedSeen(db, memberOf(request).id);
      return { success: true as const };
    },
  );

  app.put(
    '/api/community/posts/:id/read',
    {
      config: { ...ownOnly, idempotent: true },
      schema: {
        tags: ['community'],
        summary: "You read a post's thread: its comments so far are no longer unread",
        params: postParams,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const post = await community.livePost(member, request.params.id);
      await markThreadRead(db, member.id, post.id);
      return { success: true as const };
    },
  );
};
