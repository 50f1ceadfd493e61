import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AdminPartnerRequest,
  adminPartnerRequestListQuerySchema,
  adminPartnerRequestListResponseSchema,
  adminPartnerRequestSchema,
  apiErrorSchema,
  myPartnerRequestsResponseSchema,
  partnerConnectBodySchema,
  partnerConnectConflictSchema,
  partnerConnectionRequestSchema,
  partnerConsentRequiredMessage,
  partnerListQuerySchema,
  partnerListResponseSchema,
  partnerRequestAnswerBodySchema,
  partnerSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { errorBody, HttpError } from '../../plugins/errors.ts';
import { actorOf } from '../audit/index.ts';
import {
  answerRequest,
  createConnectionRequest,
  listAdminRequests,
  listMemberRequests,
} from './partner-requests.repo.ts';
import { findPartner, listPartners } from './partners.repo.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};
const partnerParams = z.object({ id: z.string().min(1).max(200) });

function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw new HttpError(401);
  return request.auth.user.id;
}

export const partnersRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** Told of each answer, after it is stored (notifications tells the member). */
  onAnswered?: (answered: AdminPartnerRequest) => Promise<void>;
}> = async (app, { db, onAnswered }) => {
  app.get(
    '/api/partners',
    {
      config: { access: 'public', publicCache: 'partners', sameForEveryone: true },
      schema: {
        tags: ['partners'],
        summary:
          'The partner directory: full-text search, category, skill and city filters, "near me" by distance',
        querystring: partnerListQuerySchema,
        response: { 200: partnerListResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { items, total } = await listPartners(db, request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.get(
    '/api/partners/my-requests',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['partners'],
        summary: 'Your connection requests with their status, latest first',
        response: { 200: myPartnerRequestsResponseSchema, ...errors },
      },
    },
    async (request) => ({ items: await listMemberRequests(db, userIdOf(request)) }),
  );

  app.get(
    '/api/partners/:id',
    {
      config: { access: 'public', publicCache: 'partners', sameForEveryone: true },
      schema: {
        tags: ['partners'],
        summary: 'One published partner, by id or slug',
        params: partnerParams,
        response: { 200: partnerSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const partner = await findPartner(db, request.params.id);
      if (!partner) throw new HttpError(404, 'No partner with that id.');
      return partner;
    },
  );

  app.post(
    '/api/partners/:id/connect',
    {
      config: { access: 'auth', idempotent: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['partners'],
        summary: 'Ask a partner to get in touch (consent required; one open request per partner)',
        params: partnerParams,
        body: partnerConnectBodySchema,
        response: { 201: partnerConnectionRequestSchema, 409: partnerConnectConflictSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      if (!request.body.consentToShareProfile) throw new HttpError(400, partnerConsentRequiredMessage);
      const partner = await findPartner(db, request.params.id);
      if (!partner) throw new HttpError(404, 'No partner with that id.');
      const { created, request: connection } = await createConnectionRequest(
        db,
        userId,
        partner.id,
        request.body,
      );
      if (created) return reply.code(201).send(connection);
      const message = `You already have an open request with ${partner.name}; it is ${connection.status}.`;
      return reply.code(409).send({ ...errorBody(request, 409, message), existingRequest: connection });
    },
  );

  app.get(
    '/api/admin/partner-requests',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['partners', 'admin'],
        summary: 'Connection requests to work: pending oldest first, then answered ones',
        querystring: adminPartnerRequestListQuerySchema,
        response: { 200: adminPartnerRequestListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { items, total } = await listAdminRequests(db, request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.patch(
    '/api/admin/partner-requests/:id',
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags: ['partners', 'admin'],
        summary: 'Accept or decline a pending connection request, with a message to the member (audited)',
        params: z.object({ id: z.uuid() }),
        body: partnerRequestAnswerBodySchema,
        response: { 200: adminPartnerRequestSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const answered = await answerRequest(db, request.params.id, actorOf(request), request.body);
      if (!answered) throw new HttpError(404, 'No connection request with that id.');
      if (answered === 'answered') throw new HttpError(409, 'This request has already been answered.');
      await onAnswered?.(answered);
      return answered;
    },
  );
};
