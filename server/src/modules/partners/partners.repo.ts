import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Partner, PartnerListQuery } from '@uplift/contracts';
import { parsePartnerNear } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { partners } from '../../db/schema.ts';

const columns = {
  id: partners.id,
  slug: partners.slug,
  name: partners.name,
  category: partners.category,
  description: partners.description,
  skillTags: partners.skillTags,
  address: partners.address,
  city: partners.city,
  lat: partners.lat,
  lng: partners.lng,
  website: partners.website,
  logoSvg: partners.logoSvg,
};

type PartnerRow = Omit<Partner, 'skillTags' | 'distanceKm'> & { skillTags: string[] };

function toPartner(row: PartnerRow, distanceMetres: number | null): Partner {
  return {
    ...row,
    // Tags are written only from the contracts' list (seed and admin schemas); the cast carries that.
    skillTags: row.skillTags as Partner['skillTags'],
    distanceKm: distanceMetres === null ? null : Math.round(distanceMetres / 100) / 10,
  };
}

/** Any word may match, stemmed as English, each lexeme quoted so typed punctuation is never query syntax. */
function anyWordQuery(text: string): SQL {
  return sql`(
    select coalesce(
      string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | '),
      ''
    )::tsquery
    from unnest(tsvector_to_array(to_tsvector('english', ${text}))) as lexeme
  )`;
}

const partnerPoint = sql`ll_to_earth(${partners.lat}, ${partners.lng})`;

export async function listPartners(
  db: Database,
  query: PartnerListQuery,
): Promise<{ items: Partner[]; total: number }> {
  const filters: SQL[] = [eq(partners.published, true)];
  if (query.category) filters.push(eq(partners.category, query.category));
  if (query.skill) filters.push(sql`${partners.skillTags} @> array[${query.skill}]::text[]`);
  if (query.city) filters.push(sql`lower(${partners.city}) = lower(${query.city})`);
  const tsQuery = query.q ? anyWordQuery(query.q) : null;
  if (tsQuery) filters.push(sql`${partners.search} @@ ${tsQuery}`);

  let distance: SQL<number | null> = sql<null>`null::float8`;
  if (query.near) {
    const { lat, lng } = parsePartnerNear(query.near);
    const origin = sql`ll_to_earth(${lat}::float8, ${lng}::float8)`;
    const radiusMetres = query.radiusKm * 1000;
    distance = sql<number>`earth_distance(${origin}, ${partnerPoint})`;
    // The box (GiST-indexed) narrows the rows; its corners reach past the radius, so the distance trims them.
    filters.push(sql`earth_box(${origin}, ${radiusMetres}::float8) @> ${partnerPoint}`);
    filters.push(sql`${distance} <= ${radiusMetres}::float8`);
  }
  const where = and(...filters);

  const order: SQL[] = [];
  if (query.near) order.push(asc(distance));
  if (tsQuery) order.push(desc(sql`ts_rank_cd(${partners.search}, ${tsQuery})`));

  // The total rides along as a window count: one round-trip per page.
  const rows = await db
    .select({
      ...columns,
      distance: distance.mapWith((value: unknown) => (value === null ? null : Number(value))),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(partners)
    .where(where)
    .orderBy(...order, asc(partners.name))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const items = rows.map(({ total: _total, distance: metres, ...row }) => toPartner(row, metres));
  if (rows[0]) return { items, total: rows[0].total };
  // Past the last page the window has no row to ride on.
  const [counted] = await db.select({ total: count() }).from(partners).where(where);
  return { items, total: counted?.total ?? 0 };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A published partner by id or slug (deep links may use either). */
export async function findPartner(db: Database, idOrSlug: string): Promise<Partner | undefined> {
  const match = uuidPattern.test(idOrSlug) ? eq(partners.id, idOrSlug) : eq(partners.slug, idOrSlug);
  const [row] = await db
    .select(columns)
    .from(partners)
    .where(and(match, eq(partners.published, true)))
    .limit(1);
  return row ? toPartner(row, null) : undefined;
}
