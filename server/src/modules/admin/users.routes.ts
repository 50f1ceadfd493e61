import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBulkRequestSchema,
  adminBulkResultSchema,
  adminUserCsvColumns,
  adminUserFilterSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
  adminUserUpdateSchema,
  apiErrorSchema,
  successResponseSchema,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../audit/index.ts';
import { csvRecord } from './csv.ts';
import { listUsers } from './users-page.repo.ts';
import { streamUsers, toAdminUser, type AdminUserRow } from './users.repo.ts';
import { createUsersAdmin, type MemberDeleting } from './users.service.ts';

const idParams = z.object({ id: z.uuid() });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

function csvLine(row: AdminUserRow): string {
  const user = toAdminUser(row);
  return csvRecord([
    user.id,
    user.email,
    user.displayName,
    user.role,
    user.status,
    user.joinedAt,
    user.lastActiveAt,
    user.suspendedAt,
    user.emailVerifiedAt,
  ]);
}

/** SPEC's /api/users: the admin's member list, its changes, bulk actions and export. */
export const usersAdminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** Removes a deleted member's photo files (profiles' photo service). */
  removePhoto: (photoKey: string) => Promise<void>;
  /**
   * Told once a change to a member's role, suspension or account has committed (no id: a bulk change), so
   * this instance stops serving their cached sessions at once (auth's `forgetUser`).
   */
  onSessionsChanged: (userId?: string) => void;
  /** Mails the member a password-reset link (auth's reset, through the job queue). */
  sendPasswordReset: (userId: string) => Promise<void>;
  /** Redacts what quotes a member being deleted, in the deleting transaction (notifications, 0110). */
  onMemberDeleting?: MemberDeleting;
}> = async (app, { db, removePhoto, onSessionsChanged, sendPasswordReset, onMemberDeleting }) => {
  const admin = createUsersAdmin(db, onMemberDeleting);

  app.get(
    '/api/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Members, sorted, filtered (text, role, status, email verified or not, joined between) and paginated by ' +
          'the server',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema, ...errors },
      },
    },
    async (request) => {
      const { sort, dir, page, pageSize, ...filter } = request.query;
      const { items, total } = await listUsers(db, filter, { sort, dir, page, pageSize });
      return { items, total, page, pageSize };
    },
  );

  app.get(
    '/api/users/export.csv',
    {
      config: { access: 'admin', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Every member matching the filter as CSV, streamed, with no row cap',
        querystring: adminUserFilterSchema,
        response: {
          200: {
            description: 'The members as CSV, a header row first',
            // Sent as a stream, documented as its text: the stream branch has no JSON Schema and drops out.
            content: { 'text/csv': { schema: z.union([z.string(), z.instanceof(Readable)]) } },
          },
        },
      },
    },
    async (request, reply) => {
      const filter = request.query;
      async function* lines() {
        yield csvRecord(adminUserCsvColumns);
        for await (const batch of streamUsers(db, filter)) yield batch.map(csvLine).join('');
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="uplift-members-${day}.csv"`)
        .send(Readable.from(lines()));
    },
  );

  app.patch(
    '/api/users/:id',
    {
      config: { access: 'admin', idempotent: true, invalidates: ['impact'] },
      schema: {
        tags: ['admin'],
        summary:
          'Change a member’s role, or suspend (every session ends at once) or reinstate them. Refused ' +
          'when it would leave no active admin; granting Admin needs confirmEmail naming the member',
        params: idParams,
        body: adminUserUpdateSchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => {
      const updated = await admin.update(actorOf(request), request.params.id, request.body);
      onSessionsChanged(request.params.id);
      return toAdminUser(updated);
    },
  );

  app.post(
    '/api/users/bulk',
    {
      config: {
        access: 'admin',
        idempotent: true,
        rateLimit: { max: 30, timeWindow: '1 minute' },
        invalidates: ['impact'],
      },
      schema: {
        tags: ['admin'],
        summary:
          'One role change, suspension or reinstatement for chosen members or for every member matching a ' +
          'filter (refused, 409, when the filter no longer matches the count confirmed); members a rule ' +
          'protects are skipped with the reason. Admin is never granted in bulk',
        body: adminBulkRequestSchema,
        response: { 200: adminBulkResultSchema, ...errors },
      },
    },
    async (request) => {
      const result = await admin.bulk(actorOf(request), request.body.target, request.body.action);
      onSessionsChanged();
      return result;
    },
  );

  app.post(
    '/api/users/:id/password-reset',
    {
      config: { access: 'admin', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary:
          'Mail the member a link to choose a new password (audited). The admin never sees the link or the ' +
          'password',
        params: idParams,
        response: { 202: successResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await admin.sendPasswordReset(actorOf(request), request.params.id, sendPasswordReset);
      return reply.code(202).send({ success: true as const });
    },
  );

  app.delete(
    '/api/users/:id',
    {
      config: { access: 'admin', idempotent: true, invalidates: ['impact'] },
      schema: {
        tags: ['admin'],
        summary:
          'Delete a member: sessions end, personal data is removed, content others see shows "Former member"',
        params: idParams,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { photoKey } = await admin.remove(actorOf(request), request.params.id);
      onSessionsChanged(request.params.id);
      if (photoKey) await removePhoto(photoKey);
      return { success: true as const };
    },
  );
};
