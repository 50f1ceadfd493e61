import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPartnerCreateSchema,
  adminPartnerListSchema,
  adminPartnerSchema,
  adminPartnerUpdateSchema,
  apiErrorSchema,
  partnerLogoLimits,
  successResponseSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../audit/index.ts';
import { acceptSingleFile, receiveSingleFile } from '../uploads/index.ts';
import { uploadedLogoSvg } from './partner-logo-image.ts';
import { createPartnersAdmin } from './partners.admin.ts';

const idParams = z.object({ id: z.uuid() });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * Admin editing of the partner directory. The public directory reads the table on every request (only
 * published partners), so a change shows there at once; an unpublished partner's page is a 404.
 */
export const partnersAdminRoutes: FastifyPluginAsyncZod<{ db: Database; incomingDir: string }> = async (
  app,
  { db, incomingDir },
) => {
  const admin = createPartnersAdmin(db);

  app.get(
    '/api/admin/partners',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['partners', 'admin'],
        summary: 'Every partner, published or not, by name',
        response: { 200: adminPartnerListSchema, ...errors },
      },
    },
    async () => ({ items: await admin.list() }),
  );

  app.post(
    '/api/admin/partners',
    {
      config: { access: 'admin', idempotent: true, invalidates: ['partners'] },
      schema: {
        tags: ['partners', 'admin'],
        summary: 'Add a partner (unpublished unless asked) with an initials logo in the chosen colour',
        body: adminPartnerCreateSchema,
        response: { 201: adminPartnerSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await admin.create(actorOf(request), request.body)),
  );

  app.patch(
    '/api/admin/partners/:id',
    {
      config: { access: 'admin', idempotent: true, invalidates: ['partners'] },
      schema: {
        tags: ['partners', 'admin'],
        summary:
          'Edit, publish or unpublish a partner; only the fields sent change. A logo colour replaces the ' +
          'logo with initials in that colour',
        params: idParams,
        body: adminPartnerUpdateSchema,
        response: { 200: adminPartnerSchema, ...errors },
      },
    },
    async (request) => admin.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/partners/:id',
    {
      config: { access: 'admin', idempotent: true, invalidates: ['partners'] },
      schema: {
        tags: ['partners', 'admin'],
        summary: 'Delete a partner and its connection requests',
        params: idParams,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      await admin.remove(actorOf(request), request.params.id);
      return { success: true as const };
    },
  );

  // Multipart is parsed in this context only: every other route keeps taking JSON alone.
  await app.register(async (uploads: FastifyInstance) => {
    const upload = { maxBytes: partnerLogoLimits.maxBytes, folder: incomingDir };
    await acceptSingleFile(uploads, upload);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/partners/:id/logo',
      {
        config: {
          access: 'admin',
          rateLimit: { max: 30, timeWindow: '1 minute' },
          invalidates: ['partners'],
        },
        schema: {
          tags: ['partners', 'admin'],
          summary:
            'Upload a logo (multipart, one file, at most 5 MB; JPEG, PNG, WebP or AVIF read from the bytes), ' +
            're-encoded without metadata and shown in place of the initials',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: adminPartnerSchema, 413: apiErrorSchema, 415: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        return receiveSingleFile(request, reply, upload, async (file) =>
          admin.setLogo(actor, request.params.id, await uploadedLogoSvg(file.path)),
        );
      },
    );
  });
};
