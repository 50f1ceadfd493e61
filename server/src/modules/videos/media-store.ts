import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../plugins/errors.ts';
import { demoMediaDir } from './demo-catalogue.ts';
import type { VideoBucket } from './video-bucket.ts';

/**
 * Where video files live, by key prefix: `demo/…` in the repository (the committed demo media), `uploads/…`
 * (admin uploads) in the bucket when there is one (video-bucket.ts), under DATA_DIR otherwise.
 */
export interface MediaStore {
  /** Serves one file with its content type and validators (ranges if asked); 404/416 in the error shape. */
  serve(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    options: { ranges: boolean },
  ): Promise<FastifyReply>;
  /** A short content hash: the `?v=` that makes a file's URL change when its bytes do. */
  version(key: string): Promise<string>;
}

const failureMessages: Record<number, string> = {
  404: 'The video file is missing.',
  412: 'The file has changed since the copy you have.',
  416: 'The requested range is not within the file. Ask for bytes inside its length.',
};

const roots = (dataDir: string) => ({
  demo: fileURLToPath(demoMediaDir),
  uploads: path.join(dataDir, 'videos'),
});

export function createMediaStore(dataDir: string, bucket: VideoBucket | undefined): MediaStore {
  const rootOf = roots(dataDir);
  const locate = (key: string) => {
    const [prefix, ...rest] = key.split('/');
    const root = prefix === 'demo' || prefix === 'uploads' ? rootOf[prefix] : null;
    if (!root || rest.length === 0) throw new Error(`Unknown media key ${key}`);
    return {
      root,
      file: `/${rest.map(encodeURIComponent).join('/')}`,
      inBucket: bucket && prefix === 'uploads' ? { bucket, name: rest.join('/') } : null,
    };
  };

  return {
    async serve(request, reply, key, { ranges }) {
      const { root, file, inBucket } = locate(key);
      const result = inBucket
        ? await inBucket.bucket.send(request.raw, inBucket.name, { ranges })
        : // send resolves the path inside `root` and refuses traversal and dotfiles.
          await send(request.raw, file, {
            root,
            acceptRanges: ranges,
            cacheControl: false,
            dotfiles: 'deny',
            index: false,
          });
      if (result.type !== 'file') {
        const status = result.type === 'error' ? result.statusCode : 404;
        if (status === 416) reply.header('content-range', result.headers['Content-Range']);
        if (status === 404 || status >= 500) request.log.error({ key, status }, 'video file unavailable');
        return reply
          .code(status)
          .send(errorBody(request, status, failureMessages[status] ?? 'File unavailable.'));
      }
      return reply.code(result.statusCode).headers(result.headers).send(result.stream);
    },

    async version(key) {
      const { root, file, inBucket } = locate(key);
      if (inBucket) {
        const found = await inBucket.bucket.describe(inBucket.name);
        if (!found) throw new Error(`No media file ${key}`);
        return found.version;
      }
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(path.join(root, decodeURIComponent(file))))
        hash.update(chunk);
      return hash.digest('hex').slice(0, 16);
    },
  };
}
