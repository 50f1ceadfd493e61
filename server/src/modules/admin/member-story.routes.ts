import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  memberStoryPageQuerySchema,
  memberStoryPageSchemas,
  memberStoryPageSize,
  memberStorySchema,
  memberStorySections,
  roleSchema,
  type MemberStoryPage,
  type MemberStorySection,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { listAudit } from '../audit/index.ts';
import { findUsers, toAdminUser } from './users.repo.ts';

type Paging = { page: number; pageSize: number };

/**
 * How each section of a member's story is read: by the module that owns it, through its face (app.ts
 * passes them in, so this module imports none of theirs).
 */
export type MemberStoryReaders = {
  [S in MemberStorySection]: (
    db: Database,
    userId: string,
    paging: Paging,
  ) => Promise<{ items: MemberStoryPage<S>['items']; total: number }>;
};

const idParams = z.object({ id: z.uuid() });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};
/** Role changes are few (each one is an admin's decision); more than this is shown in the audit entries. */
const roleHistoryLimit = 50;
const roleOf = (value: unknown) => roleSchema.safeParse(value).data ?? null;

/** `/admin/users/:id`: the member's account and every part of the product they touched, a page each. */
export const memberStoryRoutes: FastifyPluginAsyncZod<{ db: Database; readers: MemberStoryReaders }> = async (
  app,
  { db, readers },
) => {
  async function readSection<S extends MemberStorySection>(
    section: S,
    userId: string,
    page: number,
  ): Promise<MemberStoryPage<S>> {
    const read = readers[section] as MemberStoryReaders[S];
    const { items, total } = await read(db, userId, { page, pageSize: memberStoryPageSize });
    return { items, total, page, pageSize: memberStoryPageSize } as MemberStoryPage<S>;
  }

  app.get(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'A member’s whole story: account, role history, and the first page of their sessions, posts, ' +
          'comments, assessments, partner requests and notifications received',
        params: idParams,
        response: { 200: memberStorySchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [row] = await findUsers(db, [id]);
      if (!row) throw new HttpError(404, 'No member has this id. They may have been deleted.');
      const [[account], roleChanges, ...sections] = await Promise.all([
        db.select({ suspendedReason: users.suspendedReason }).from(users).where(eq(users.id, id)),
        listAudit(db, { subjectType: 'user', subjectId: id, action: 'user.role', limit: roleHistoryLimit }),
        ...memberStorySections.map((section) => readSection(section, id, 1)),
      ]);
      const story = Object.fromEntries(
        memberStorySections.map((section, index) => [section, sections[index]]),
      );
      return {
        user: toAdminUser(row),
        suspendedReason: account?.suspendedReason ?? null,
        roleHistory: roleChanges.items.flatMap((entry) => {
          const to = roleOf(entry.after?.role);
          return to ? [{ at: entry.at, from: roleOf(entry.before?.role), to, by: entry.actorName }] : [];
        }),
        ...story,
      } as z.input<typeof memberStorySchema>;
    },
  );

  for (const section of memberStorySections) {
    app.get(
      `/api/admin/users/:id/${section}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: `One page of a member’s ${section.replace('-', ' ')}, newest first`,
          params: idParams,
          querystring: memberStoryPageQuerySchema,
          response: { 200: memberStoryPageSchemas[section], ...errors },
        },
      },
      async (request) => {
        const [row] = await findUsers(db, [request.params.id]);
        if (!row) throw new HttpError(404, 'No member has this id. They may have been deleted.');
        // One route per section: its schema and reader are the section's, which TypeScript cannot follow
        // through the loop's union.
        return readSection(section, request.params.id, request.query.page) as never;
      },
    );
  }
};
