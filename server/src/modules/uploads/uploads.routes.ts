import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@uplift/contracts';
import { HttpError } from '../../plugins/errors.ts';
import type { Storage } from '../storage/index.ts';

export const uploadsPath = '/api/uploads';

/** Where a stored upload is kept: the `uploads/` folder of the storage (DATA_DIR/uploads, or the bucket). */
export function uploadKey(name: string): string {
  return `uploads/${name}`;
}

/** The public URL of a stored file. */
export function uploadUrl(name: string): string {
  return `${uploadsPath}/${name}`;
}

/** Only images are stored here, all re-encoded as WebP. */
const servedExtensions = new Set(['webp']);

/**
 * Post images (`…-post.webp`) are never served here: whether one may be seen follows its post (hidden,
 * deleted), so modules/community serves them on the same URLs with its own rules (decision 0051).
 */
const servedElsewhere = (name: string) => name.endsWith('-post.webp');

/**
 * Serves stored files (profile photos). Their names carry a hash of the content, so a name never changes
 * meaning and browsers may keep them for a year without asking again.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  app.get(
    `${uploadsPath}/:name`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['uploads'],
        summary: 'A stored image (immutable: its name changes with its content)',
        params: z.object({ name: z.string().max(100) }),
        response: { 200: z.any().describe('image/webp bytes'), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const served =
        servedExtensions.has(name.split('.').pop() ?? '') &&
        !servedElsewhere(name) &&
        (await storage.serve(request, reply, uploadKey(name), {
          ranges: false,
          headers: {
            'cache-control': 'public, max-age=31536000, immutable',
            'x-content-type-options': 'nosniff',
          },
        }));
      if (!served) throw new HttpError(404, 'No such file.');
      return reply;
    },
  );
};
