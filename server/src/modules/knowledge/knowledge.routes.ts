import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  knowledgePointListQuerySchema,
  knowledgePointListResponseSchema,
  knowledgePointSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { EventBus } from '../events/index.ts';
import { knowledgeTag, onKnowledgeChanged } from './knowledge-changes.ts';
import { findKnowledgePoint, listKnowledgePoints } from './knowledge.repo.ts';
import { forgetKnowledgeIndex } from './retrieval.ts';

export const knowledgeRoutes: FastifyPluginAsyncZod<{
  db: Database;
  events: Pick<EventBus, 'subscribe'>;
}> = async (app, { db, events }) => {
  // Searches here and Vale's share the retrieval index; an edit elsewhere must reach it.
  onKnowledgeChanged(events, () => forgetKnowledgeIndex(db));

  app.get(
    '/api/knowledge-points',
    {
      config: { access: 'public', publicCache: knowledgeTag, sameForEveryone: true },
      schema: {
        tags: ['knowledge'],
        summary: 'List or search knowledge points (full-text, ranked), paginated',
        querystring: knowledgePointListQuerySchema,
        response: { 200: knowledgePointListResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { items, total } = await listKnowledgePoints(db, request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.get(
    '/api/knowledge-points/:idOrSlug',
    {
      config: { access: 'public', publicCache: knowledgeTag, sameForEveryone: true },
      schema: {
        tags: ['knowledge'],
        summary: 'One knowledge point, by id or slug (what a citation opens)',
        params: z.object({ idOrSlug: z.string().min(1).max(200) }),
        response: { 200: knowledgePointSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const point = await findKnowledgePoint(db, request.params.idOrSlug);
      if (!point) throw new HttpError(404, 'No knowledge point with that id.');
      return point;
    },
  );
};
