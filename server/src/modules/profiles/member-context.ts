import { desc, eq } from 'drizzle-orm';
import { industries, skillAreas, type Role } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { profiles, skillResults, users } from '../../db/schema.ts';

const roleLabels: Record<Role, string> = {
  'member-tier-1': 'member (tier 1)',
  'member-tier-2': 'member (tier 2)',
  admin: 'administrator',
};

const labelOf = (list: ReadonlyArray<{ id: string; label: string }>, id: string) =>
  list.find((entry) => entry.id === id)?.label ?? id;

/**
 * What Vale's model is told about the member asking, as lines of text: their name, membership, what their
 * profile says (headline, industry, place, the skills they list) and their latest score in each skill
 * assessed. Only what the member gave Uplift themselves; empty fields are left out.
 */
export async function memberContextOf(db: Database, userId: string): Promise<string[]> {
  const [person] = await db
    .select({
      displayName: users.displayName,
      role: users.role,
      headline: profiles.headline,
      industry: profiles.industry,
      city: profiles.city,
      region: profiles.region,
      country: profiles.country,
      skills: profiles.skills,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!person) return [];
  const results = await db
    .select({ skill: skillResults.skill, score: skillResults.score })
    .from(skillResults)
    .where(eq(skillResults.userId, userId))
    .orderBy(desc(skillResults.completedAt))
    .limit(50);
  const latest = new Map<string, number>();
  for (const result of results) if (!latest.has(result.skill)) latest.set(result.skill, result.score);

  const place = [person.city, person.region, person.country].filter(Boolean).join(', ');
  return [
    `Name: ${person.displayName}`,
    `Membership: ${roleLabels[person.role]}`,
    person.headline ? `Headline: ${person.headline}` : '',
    person.industry ? `Industry: ${labelOf(industries, person.industry)}` : '',
    place ? `Location: ${place}` : '',
    person.skills && person.skills.length > 0
      ? `Skills they list: ${person.skills.map((id) => labelOf(skillAreas, id)).join(', ')}`
      : '',
    latest.size > 0
      ? `Latest skills assessment scores (0-300): ${[...latest]
          .map(([skill, score]) => `${labelOf(skillAreas, skill)} ${score}`)
          .join('; ')}`
      : '',
  ].filter(Boolean);
}

/**
 * Where the member said they are, when their profile holds a point (the city they chose comes with one):
 * Vale names the partners nearest to it first.
 */
export async function memberLocationOf(
  db: Database,
  userId: string,
): Promise<{ lat: number; lng: number; city: string | null } | null> {
  const [row] = await db
    .select({ lat: profiles.latitude, lng: profiles.longitude, city: profiles.city })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng, city: row.city } : null;
}
