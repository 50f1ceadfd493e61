import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, communityRevisionListSchema } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { viewerOf } from './community.routes.ts';
import { commentRevisions, postRevisions } from './revisions.ts';

const params = z.object({ id: z.uuid() });

/** The earlier versions of edited posts and comments, newest first (issue 45.4). */
export const revisionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/community/posts/:id/revisions',
    {
      config: { access: 'public', publicCache: 'community' },
      schema: {
        tags: ['community'],
        summary: "A post's earlier versions, newest first, to whoever may see the post (admins: always)",
        params,
        response: { 200: communityRevisionListSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const items = await postRevisions(db, viewerOf(request), request.params.id);
      if (!items) throw new HttpError(404, 'No post with that id.');
      return { items };
    },
  );

  app.get(
    '/api/community/comments/:id/revisions',
    {
      config: { access: 'public', publicCache: 'community' },
      schema: {
        tags: ['community'],
        summary:
          "A comment's earlier versions, newest first, to whoever may see the comment (admins: always)",
        params,
        response: { 200: communityRevisionListSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const items = await commentRevisions(db, viewerOf(request), request.params.id);
      if (!items) throw new HttpError(404, 'No comment with that id.');
      return { items };
    },
  );
};
