import { and, asc, eq, sql } from 'drizzle-orm';
import { partnerCategoryLabels, skillAreaLabel, type SkillAreaId } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { partners } from '../../db/schema.ts';

/** A published partner as Vale may name it (issue 41.3): its screen, and how far it is from the member. */
export interface PartnerSource {
  /** `partner:<slug>`: stable across databases, as the evaluation names it. */
  key: string;
  id: string;
  name: string;
  categoryLabel: string;
  city: string;
  description: string;
  /** Words retrieval weighs next to the name: the category, the city, the skills it is tagged with. */
  tags: string[];
  href: string;
  /** From the member's own location, when they gave one. */
  distanceKm: number | null;
}

/** Every published partner, nearest first when `near` is known (else by name). */
export async function partnerSources(
  db: Database,
  near: { lat: number; lng: number } | null = null,
): Promise<PartnerSource[]> {
  const distance = near
    ? sql<number>`earth_distance(ll_to_earth(${near.lat}::float8, ${near.lng}::float8), ll_to_earth(${partners.lat}, ${partners.lng}))`
    : sql<null>`null::float8`;
  const rows = await db
    .select({
      id: partners.id,
      slug: partners.slug,
      name: partners.name,
      category: partners.category,
      city: partners.city,
      description: partners.description,
      skillTags: partners.skillTags,
      metres: distance.mapWith((value: unknown) => (value === null ? null : Number(value))),
    })
    .from(partners)
    .where(and(eq(partners.published, true)))
    .orderBy(asc(distance), asc(partners.name));
  return rows.map((row) => {
    const categoryLabel = partnerCategoryLabels[row.category];
    return {
      key: `partner:${row.slug}`,
      id: row.id,
      name: row.name,
      categoryLabel,
      city: row.city,
      description: row.description,
      tags: [categoryLabel, row.city, ...row.skillTags.map((tag) => skillAreaLabel(tag as SkillAreaId))],
      href: `/partners/${row.id}`,
      distanceKm: row.metres === null ? null : Math.round(row.metres / 100) / 10,
    };
  });
}
