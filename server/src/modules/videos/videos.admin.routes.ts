import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminVideoCreateSchema,
  adminVideoListSchema,
  adminVideoSchema,
  adminVideoUpdateSchema,
  apiErrorSchema,
  successResponseSchema,
  videoIdParamsSchema,
  videoMediaUploadSchema,
  videoPosterUploadSchema,
  videoUploadLimits,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../audit/index.ts';
import { acceptSingleFile, receiveSingleFile } from '../uploads/index.ts';
import type { VideoFiles } from './video-files.ts';
import { createVideosAdmin } from './videos.admin.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};
const uploadErrors = { ...errors, 413: apiErrorSchema, 415: apiErrorSchema };

/**
 * Admin editing of the video catalogue. Uploads come first and return a key (the file is stored under a
 * hash of its bytes); a create or edit then names the keys, so a form can upload while the admin types.
 * The public lists read the table on every request, so a change shows there at once.
 */
export const videosAdminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** Where uploaded files are kept (the app's storage) and the demo media read. */
  files: VideoFiles;
  /** Where uploads are received (temporary files, deleted once handled). */
  incomingDir: string;
}> = async (app, { db, files, incomingDir }) => {
  const admin = createVideosAdmin(db, files);

  app.get(
    '/api/admin/videos',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['videos', 'admin'],
        summary: 'Every video, published or not, in the order the public lists show them',
        response: { 200: adminVideoListSchema, ...errors },
      },
    },
    async () => ({ items: await admin.list() }),
  );

  app.post(
    '/api/admin/videos',
    {
      config: { access: 'admin', idempotent: true, invalidates: ['videos'] },
      schema: {
        tags: ['videos', 'admin'],
        summary: 'Add a video from uploaded media and poster keys (unpublished unless asked)',
        body: adminVideoCreateSchema,
        response: { 201: adminVideoSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await admin.create(actorOf(request), request.body)),
  );

  app.patch(
    '/api/admin/videos/:id',
    {
      config: { access: 'admin', idempotent: true, invalidates: ['videos'] },
      schema: {
        tags: ['videos', 'admin'],
        summary:
          'Edit, publish or unpublish a video; only the fields sent change. A new media key replaces the ' +
          'file (and drops captions written for the old one); the replaced upload is deleted when unused',
        params: videoIdParamsSchema,
        body: adminVideoUpdateSchema,
        response: { 200: adminVideoSchema, ...errors },
      },
    },
    async (request) => admin.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/videos/:id',
    {
      config: { access: 'admin', idempotent: true, invalidates: ['videos'] },
      schema: {
        tags: ['videos', 'admin'],
        summary: 'Delete a video and its progress; its uploaded files go too (seeded demo files stay)',
        params: videoIdParamsSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      await admin.remove(actorOf(request), request.params.id);
      return { success: true as const };
    },
  );

  // Multipart is parsed in these contexts only, each with its own size limit.
  await app.register(async (uploads: FastifyInstance) => {
    const upload = { maxBytes: videoUploadLimits.mediaMaxBytes, folder: incomingDir };
    await acceptSingleFile(uploads, upload);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/videos/media',
      {
        config: { access: 'admin', rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['videos', 'admin'],
          summary:
            'Upload a video file (multipart, one file, at most 200 MB): an MP4 recognised by its `ftyp` box ' +
            'and measured from its movie header. Returns the key to name in a create or edit',
          consumes: ['multipart/form-data'],
          response: { 200: videoMediaUploadSchema, ...uploadErrors },
        },
      },
      async (request, reply) =>
        receiveSingleFile(request, reply, upload, async (file) => {
          const stored = await files.storeMedia(file.path);
          return { ...stored, bytes: file.size };
        }),
    );
  });

  await app.register(async (uploads: FastifyInstance) => {
    const upload = { maxBytes: videoUploadLimits.posterMaxBytes, folder: incomingDir };
    await acceptSingleFile(uploads, upload);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/videos/poster',
      {
        config: { access: 'admin', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['videos', 'admin'],
          summary:
            'Upload a poster image (multipart, at most 10 MB; JPEG, PNG, WebP or AVIF read from the bytes), ' +
            're-encoded as WebP without metadata. Returns the key to name in a create or edit',
          consumes: ['multipart/form-data'],
          response: { 200: videoPosterUploadSchema, ...uploadErrors },
        },
      },
      async (request, reply) =>
        receiveSingleFile(request, reply, upload, (file) => files.storePoster(file.path)),
    );
  });
};
