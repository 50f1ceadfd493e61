import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  videoFileQuerySchema,
  videoIdParamsSchema,
  videoListResponseSchema,
  videoProgressBodySchema,
  videoProgressSchema,
  videoSchema,
} from '@uplift/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { createMediaUrls, type SignedFileKind } from './media-urls.ts';
import { listContinueWatching, listVideos, findVideo, type VideoRow } from './videos.repo.ts';
import type { VideoFiles } from './video-files.ts';
import { playableVideo, saveProgress, toVideo, type Viewer } from './videos.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const continueWatchingLimit = 12;
/** What each file route sends, for the OpenAPI document. */
const fileTypes: Record<FileKind, string> = {
  media: 'video/mp4',
  poster: 'image/jpeg',
  captions: 'text/vtt',
};
const yearSeconds = 365 * 24 * 60 * 60;

const viewerOf = (request: FastifyRequest): Viewer | null => request.auth?.publicUser ?? null;

/** On routes with `access: 'auth'`, the access plugin has already refused anyone signed out. */
function memberOf(request: FastifyRequest): Viewer {
  const viewer = viewerOf(request);
  if (!viewer) throw new HttpError(401);
  return viewer;
}

/**
 * Media caching, chosen per answer and re-applied after the app-wide no-store hook (cache-control.ts):
 * a file at its current `?v=` never changes, so it is immutable (premium files `private`, as only some
 * viewers may fetch them); any other URL revalidates with its ETag. The bytes carry no one's data.
 */
const fileCaching = new WeakMap<FastifyRequest, string>();
const restoreFileCaching = async (request: FastifyRequest, reply: FastifyReply) => {
  const caching = fileCaching.get(request);
  if (caching && reply.statusCode < 400) reply.header('cache-control', caching);
};

type FileKind = 'media' | 'poster' | 'captions';
const fileOf = (video: VideoRow, kind: FileKind) =>
  kind === 'media'
    ? { key: video.mediaKey, version: video.mediaVersion }
    : kind === 'poster'
      ? { key: video.posterKey, version: video.posterVersion }
      : video.captionsKey && video.captionsVersion
        ? { key: video.captionsKey, version: video.captionsVersion }
        : null;

export const videosRoutes: FastifyPluginAsyncZod<{ db: Database; files: VideoFiles }> = async (
  app,
  { db, files },
) => {
  const mediaUrls = createMediaUrls(db);

  /**
   * A premium file asked for with a signature: a valid one plays without a session (the native shells);
   * otherwise the viewer's own access decides, and a refusal says the link is stale or broken.
   */
  async function signedOrPlayable(
    id: string,
    kind: SignedFileKind,
    { exp, sig }: { exp?: number; sig?: string },
    viewer: Viewer | null,
  ) {
    const signature =
      exp === undefined && sig === undefined ? null : await mediaUrls.check(id, kind, exp, sig);
    if (signature === 'valid') return (await findVideo(db, id, null))?.video;
    try {
      return await playableVideo(db, id, viewer);
    } catch (error) {
      if (
        !signature ||
        !(error instanceof HttpError) ||
        (error.statusCode !== 401 && error.statusCode !== 403)
      ) {
        throw error;
      }
      throw new HttpError(
        403,
        signature === 'expired'
          ? 'This link to the video has expired. Open the video again to get a new one.'
          : 'This link to the video is not valid. Open the video again to get a new one.',
      );
    }
  }

  const listRoute = (kind: 'featured' | 'short', path: string, summary: string) =>
    app.get(
      path,
      {
        config: { access: 'public', publicCache: 'videos' },
        schema: { tags: ['videos'], summary, response: { 200: videoListResponseSchema } },
      },
      async (request) => {
        const viewer = viewerOf(request);
        const rows = await listVideos(db, kind, viewer?.id ?? null);
        const sign = await mediaUrls.signer();
        return { items: rows.map(({ video, progress }) => toVideo(video, progress, viewer, sign)) };
      },
    );
  listRoute('featured', '/api/videos/featured', 'Featured videos (16:9); premium ones listed but locked');
  listRoute('short', '/api/videos/shorts', 'Shorts (9:16); premium ones listed but locked');

  app.get(
    '/api/videos/continue',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['videos'],
        summary: 'Continue watching: started, not finished, most recently watched first',
        response: { 200: videoListResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const viewer = memberOf(request);
      const rows = await listContinueWatching(db, viewer.id, continueWatchingLimit);
      const sign = await mediaUrls.signer();
      return { items: rows.map(({ video, progress }) => toVideo(video, progress, viewer, sign)) };
    },
  );

  app.get(
    '/api/videos/:id',
    {
      config: { access: 'public', publicCache: 'videos' },
      schema: {
        tags: ['videos'],
        summary: 'One video, with the viewer’s progress',
        params: videoIdParamsSchema,
        response: { 200: videoSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const found = await findVideo(db, request.params.id, viewer?.id ?? null);
      if (!found) throw new HttpError(404, 'No video with that id.');
      return toVideo(found.video, found.progress, viewer, await mediaUrls.signer());
    },
  );

  const fileRoute = (kind: FileKind, summary: string) =>
    app.get(
      `/api/videos/:id/${kind}`,
      {
        // Public at the door; a premium video's media and captions are refused below tier 2 inside.
        config: { access: 'public', rateLimit: { max: 600, timeWindow: '1 minute' } },
        onSend: restoreFileCaching,
        schema: {
          tags: ['videos'],
          summary,
          params: videoIdParamsSchema,
          querystring: videoFileQuerySchema,
          response: {
            200: {
              description: 'The file (206 with the asked range of a video)',
              // Sent as a stream, documented as its bytes: the stream branch has no JSON Schema and drops out.
              content: { [fileTypes[kind]]: { schema: z.union([z.string(), z.instanceof(Readable)]) } },
            },
            ...errors,
            416: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const video =
          kind === 'poster'
            ? (await findVideo(db, request.params.id, null))?.video
            : await signedOrPlayable(request.params.id, kind, request.query, viewerOf(request));
        const file = video && fileOf(video, kind);
        if (!video || !file) throw new HttpError(404, 'No such video file.');
        const scope = video.premium && kind !== 'poster' ? 'private' : 'public';
        fileCaching.set(
          request,
          request.query.v === file.version
            ? `${scope}, max-age=${yearSeconds}, immutable`
            : `${scope}, no-cache`,
        );
        return files.serve(request, reply, file.key, { ranges: kind === 'media' });
      },
    );
  fileRoute('media', 'The video file (MP4), with range requests; premium needs member-tier-2');
  fileRoute('poster', 'The poster image (JPEG), shown even for locked videos');
  fileRoute('captions', 'The captions (WebVTT); premium needs member-tier-2');

  app.put(
    '/api/videos/:id/progress',
    {
      config: { access: 'auth', idempotent: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['videos'],
        summary: 'Save where the member is in a video and add the seconds watched since the last report',
        params: videoIdParamsSchema,
        body: videoProgressBodySchema,
        response: { 200: videoProgressSchema, ...errors },
      },
    },
    async (request) => saveProgress(db, memberOf(request), request.params.id, request.body),
  );
};
