import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  profileImageResponseSchema,
  profileSchema,
  profileUpdateSchema,
  profileUploadLimits,
  successResponseSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { acceptSingleFile, receiveSingleFile } from '../uploads/index.ts';
import { photoUrls, type PhotoService } from './profile-photo.ts';
import { findUserWithProfile } from './profiles.repo.ts';
import { ownProfile, profileFor, updateProfile } from './profiles.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

export function signedInUserId(request: FastifyRequest): string {
  if (!request.auth) throw new HttpError(401);
  return request.auth.user.id;
}

export const profilesRoutes: FastifyPluginAsyncZod<{
  db: Database;
  photos: PhotoService;
  /** Where uploads are received (temporary files, deleted once handled). */
  incomingDir: string;
}> = async (app, { db, photos, incomingDir }) => {
  app.get(
    '/api/profile',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['profiles'],
        summary: "The signed-in member's own profile",
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => ownProfile(db, signedInUserId(request)),
  );

  app.patch(
    '/api/profile',
    {
      config: {
        access: 'auth',
        idempotent: true,
        rateLimit: { max: 60, timeWindow: '1 minute' },
        invalidates: ['community'],
      },
      schema: {
        tags: ['profiles'],
        summary: 'Edit the own profile; only the fields sent change',
        body: profileUpdateSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => updateProfile(db, signedInUserId(request), request.body),
  );

  app.get(
    '/api/profile/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['profiles'],
        summary: "A member's profile, as its privacy allows: only me → 404, members → 401 when signed out",
        params: z.object({ id: z.uuid() }),
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = request.auth ? { id: request.auth.user.id } : null;
      return profileFor(db, request.params.id, viewer);
    },
  );

  app.get(
    '/api/profile/image-url',
    {
      config: { access: 'auth' },
      schema: {
        tags: ['profiles'],
        summary: "The URLs of the own photo's sizes (avatar, header, full), or null",
        response: { 200: profileImageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const found = await findUserWithProfile(db, signedInUserId(request));
      return { photo: photoUrls(found?.profile?.photoKey ?? null) };
    },
  );

  app.delete(
    '/api/profile/image',
    {
      config: { access: 'auth', idempotent: true, invalidates: ['community'] },
      schema: {
        tags: ['profiles'],
        summary: 'Remove the own photo (its files are deleted)',
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      await photos.remove(signedInUserId(request));
      return { success: true as const };
    },
  );

  // Multipart is parsed in this context only: every other route keeps taking JSON alone.
  await app.register(async (uploads: FastifyInstance) => {
    const upload = { maxBytes: profileUploadLimits.maxBytes, folder: incomingDir };
    await acceptSingleFile(uploads, upload);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/profile/upload-image',
      {
        config: {
          access: 'auth',
          rateLimit: { max: 20, timeWindow: '1 minute' },
          invalidates: ['community'],
        },
        schema: {
          tags: ['profiles'],
          summary:
            'Upload a new photo (multipart, one file, at most 10 MB; JPEG, PNG, WebP or AVIF read from the ' +
            'bytes). Re-encoded without metadata in three sizes; the old photo is deleted',
          consumes: ['multipart/form-data'],
          response: { 200: profileImageResponseSchema, 413: apiErrorSchema, 415: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const userId = signedInUserId(request);
        return receiveSingleFile(request, reply, upload, async (file) => ({
          photo: await photos.set(userId, file.path),
        }));
      },
    );
  });
};
