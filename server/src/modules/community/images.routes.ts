import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, communityImageLimits, communityImageUploadSchema } from '@uplift/contracts';
import { HttpError } from '../../plugins/errors.ts';
import { acceptSingleFile, receiveSingleFile } from '../uploads/index.ts';
import { viewerOf } from './community.routes.ts';
import { postImageCacheControl, postImageKeyPattern, type PostImages } from './post-image.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * `POST /api/community/images`: a member uploads a picture for the post they are writing.
 * `GET /api/uploads/<key>-post.webp`: the picture, to whom its post shows it (decision 0051). It takes
 * over the uploads route's URLs (find-my-way prefers the static suffix), so existing links keep working.
 */
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
        const user = request.auth?.user;
        if (!user) throw new HttpError(401);
        const stored = await receiveSingleFile(request, reply, upload, (file) =>
          images.store(file.path, user.id),
        );
        return reply.code(201).send(stored);
      },
    );
  });

  app.get(
    '/api/uploads/:key-post.webp',
    {
      config: { access: 'public' },
      schema: {
        tags: ['community'],
        summary:
          "A post's image: public while its post is shown to everyone (kept a minute at most), to admins " +
          'and its author while hidden, to its uploader before it is posted; 404 otherwise',
        params: z.object({ key: z.string().max(64) }),
        response: { 200: z.any().describe('image/webp bytes'), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const noFile = () => new HttpError(404, 'No such file.');
      if (!postImageKeyPattern.test(key)) throw noFile();
      const audience = await images.audience(key, viewerOf(request));
      if (audience === 'none') throw noFile();
      if (!(await images.serve(request, reply, key, postImageCacheControl[audience]))) throw noFile();
      return reply;
    },
  );
};
