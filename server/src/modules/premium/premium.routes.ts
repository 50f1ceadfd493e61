import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, myPremiumRequestSchema, premiumRequestSchema } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { openRequestOf, requestPremium, type PremiumNotices } from './premium.service.ts';

function memberOf(request: FastifyRequest) {
  const user = request.auth?.publicUser;
  if (!user) throw new HttpError(401);
  return user;
}

export const premiumRoutes: FastifyPluginAsyncZod<{ db: Database; notices: PremiumNotices }> = async (
  app,
  { db, notices },
) => {
  app.get(
    '/api/premium/request',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['premium'],
        summary: "The member's open request for premium, or null",
        response: { 200: myPremiumRequestSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ request: await openRequestOf(db, memberOf(request).id) }),
  );

  app.post(
    '/api/premium/request',
    {
      config: { access: 'auth', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['premium'],
        summary: 'Ask the admins for premium; 409 when already asked or already premium',
        response: { 201: premiumRequestSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await requestPremium(db, notices, memberOf(request))),
  );
};
