import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  directoryNearKm,
  memberDirectoryQuerySchema,
  memberDirectorySchema,
  parsePartnerNear,
  type DirectoryMember,
  type SkillAreaId,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';

interface MemberRow extends Record<string, unknown> {
  id: string;
  name: string;
  avatar_url: string | null;
  headline: string | null;
  industry: string | null;
  city: string | null;
  skills: SkillAreaId[];
  distance_km: number | null;
  total: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Members as the directory lists them: "only me" never; "members" only to signed-in callers; "everyone"
 * to anyone. Search by name and headline; filters by skill, industry, city, or distance from a point.
 */
export async function listMembers(
  db: Database,
  signedIn: boolean,
  query: ReturnType<typeof memberDirectoryQuerySchema.parse>,
) {
  const where: SQL[] = [signedIn ? sql`p.privacy in ('everyone', 'members')` : sql`p.privacy = 'everyone'`];
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(sql`(u.display_name ilike ${pattern} or p.headline ilike ${pattern})`);
  }
  if (query.skill) where.push(sql`${query.skill} = any(p.skills)`);
  if (query.industry) where.push(sql`p.industry = ${query.industry}`);
  if (query.city) where.push(sql`lower(p.city) = lower(${query.city})`);
  let distance: SQL = sql`null::float8`;
  let order: SQL = sql`u.display_name, u.id`;
  if (query.near) {
    const { lat, lng } = parsePartnerNear(query.near);
    const point = sql`ll_to_earth(${lat}, ${lng})`;
    const here = sql`ll_to_earth(p.latitude, p.longitude)`;
    distance = sql`earth_distance(${point}, ${here}) / 1000`;
    where.push(sql`p.latitude is not null and p.longitude is not null`);
    where.push(sql`earth_box(${point}, ${directoryNearKm * 1000}) @> ${here}`);
    where.push(sql`earth_distance(${point}, ${here}) <= ${directoryNearKm * 1000}`);
    order = sql`${distance}, u.id`;
  }
  const matching = sql`from profiles p join users u on u.id = p.user_id where ${sql.join(where, sql` and `)}`;
  const rows = await db.execute<MemberRow>(sql`
    select u.id, u.display_name as name, u.avatar_url, p.headline, p.industry, p.city, p.skills,
      ${distance} as distance_km, count(*) over ()::int as total
    ${matching}
    order by ${order}
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  // A page past the end has no row to carry the total: counted apart, so the pager still knows it.
  const total =
    rows.rows[0]?.total ??
    (query.page > 1
      ? ((await db.execute<{ n: number }>(sql`select count(*)::int as n ${matching}`)).rows[0]?.n ?? 0)
      : 0);
  const items: DirectoryMember[] = rows.rows.map((row) => ({
    id: row.id,
    name: row.name,
    avatarUrl: row.avatar_url,
    headline: row.headline,
    industry: row.industry,
    city: row.city,
    topSkills: row.skills.slice(0, 3),
    distanceKm: row.distance_km === null ? null : Math.round(row.distance_km * 10) / 10,
  }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export const directoryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/community/users',
    {
      // Typing "@" asks this for suggestions at each keystroke: limited (per member once signed in, so
      // members behind one address do not share it), so it is no way to list everyone.
      config: {
        access: 'public',
        rateLimit: {
          max: 120,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => request.auth?.user.id ?? request.ip,
        },
      },
      schema: {
        tags: ['community'],
        summary:
          'The member directory: search by name and headline; skill, industry, city and near-me filters',
        querystring: memberDirectoryQuerySchema,
        response: { 200: memberDirectorySchema, 400: apiErrorSchema },
      },
    },
    async (request) => listMembers(db, request.auth !== null && request.auth !== undefined, request.query),
  );
};
