import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@uplift/contracts';
import { HttpError } from '../../plugins/errors.ts';
import type { FileStorage } from './file-storage.ts';

export const uploadsPath = '/api/uploads';

/** The public URL of a stored file. */
export function uploadUrl(name: string): string {
  return `${uploadsPath}/${name}`;
}

const contentTypes: Record<string, string> = { webp: 'image/webp' };

/**
 * Serves stored files. Their names carry a hash of the content, so a name never changes meaning and
 * browsers may keep them for a year without asking again.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
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
      const type = contentTypes[name.split('.').pop() ?? ''];
      const file = type ? await storage.open(name) : null;
      if (!file || !type) throw new HttpError(404, 'No such file.');
      return reply
        .header('content-type', type)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
};
