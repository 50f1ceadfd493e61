import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, communityImageLimits, communityImageUploadSchema } from '@uplift/contracts';
import { HttpError } from '../../plugins/errors.ts';
import { acceptSingleFile, receiveSingleFile } from '../uploads/index.ts';
import type { PostImages } from './post-image.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  429: apiErrorSchema,
};

/** `POST /api/community/images`: a member uploads a picture for the post they are writing. */
export const communityImageRoutes: FastifyPluginAsyncZod<{
  images: PostImages;
  incomingDir: string;
}> = async (app, { images, incomingDir }) => {
  // Multipart is parsed in this context only: every other route keeps taking JSON alone.
  await app.register(async (uploads: FastifyInstance) => {
    const upload = { maxBytes: communityImageLimits.maxBytes, folder: incomingDir };
    await acceptSingleFile(uploads, upload);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/community/images',
      {
        config: {
          access: 'auth',
          rateLimit: {
            max: 20,
            timeWindow: '1 hour',
            hook: 'preHandler',
            keyGenerator: (request: FastifyRequest) => request.auth?.user.id ?? request.ip,
          },
        },
        schema: {
          tags: ['community'],
          summary:
            'Upload an image for a post (multipart, one file, at most 10 MB; JPEG, PNG, WebP or AVIF read ' +
            'from the bytes), re-encoded as WebP without metadata; the post then names its key',
          consumes: ['multipart/form-data'],
          response: { 201: communityImageUploadSchema, ...errors },
        },
      },
      async (request, reply) => {
        if (!request.auth) throw new HttpError(401);
        const stored = await receiveSingleFile(request, reply, upload, (file) => images.store(file.path));
        return reply.code(201).send(stored);
      },
    );
  });
};
