import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, memberActivityPageSchema, memberActivityQuerySchema } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { isBlockedBetween } from '../blocks/index.ts';
import { memberActivity } from './activity.repo.ts';
import { viewerOf } from './community.routes.ts';

/** A member's posts and comments for their profile (issue 45.5): a read, route → repo. */
export const activityRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/community/members/:id/activity',
    {
      config: { access: 'public', publicCache: 'community' },
      schema: {
        tags: ['community'],
        summary: "A member's posts and comments, newest first, as the viewer may see them; cursor paged",
        params: z.object({ id: z.uuid() }),
        querystring: memberActivityQuerySchema,
        response: { 200: memberActivityPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      // A block, either way round, keeps a member's activity from the other (decision 0103): all of it, so
      // it is decided here for the whole list. Admins see every member's.
      if (viewer.id && !viewer.isAdmin && (await isBlockedBetween(db, viewer.id, request.params.id))) {
        return { items: [], nextCursor: null };
      }
      return memberActivity(db, viewer, request.params.id, request.query);
    },
  );
};
