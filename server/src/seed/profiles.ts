import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { profileUploadLimits } from '@uplift/contracts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { memberOutcomes, profiles, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { createStorage } from '../modules/storage/index.ts';
import { drawDemoPortraits } from './demo-portraits.ts';
import { createPhotoService } from '../modules/profiles/index.ts';
import { demoCommunity, type DemoMember } from './demo-members.ts';

/** The first day of the month `back` months before now, plus `day` days (UTC), as YYYY-MM-DD. */
function monthsAgo(back: number, day: number): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1 + day));
  // Never in the future: this month's outcomes fall on today at the latest.
  return (date > now ? now : date).toISOString().slice(0, 10);
}

async function accountFor(db: Database, member: DemoMember, passwordHash: string) {
  const [existing] = await db.select().from(users).where(eq(users.email, member.email));
  if (existing) return existing;
  const [inserted] = await db
    .insert(users)
    .values({ email: member.email, displayName: member.name, passwordHash })
    .onConflictDoNothing()
    .returning();
  return inserted;
}

/**
 * Profiles, outcomes and photos for the demo members (the sign-in accounts from accounts.ts and a wider
 * community who cannot sign in), in several industries and cities, so the impact panel and the directory
 * are computed from real rows on a fresh install. Only members without a profile are filled in.
 */
export async function seedProfiles(db: Database, config: Config): Promise<number> {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      inArray(
        users.email,
        demoCommunity.map((member) => member.email),
      ),
    );
  const done = new Set(existing.map((row) => row.email));
  const missing = demoCommunity.filter((member) => !done.has(member.email));
  if (missing.length === 0) return 0;

  // The wider community shares one password nobody is ever told: these accounts exist to be seen.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const photos = createPhotoService(db, await createStorage(config));
  const portraits = await drawDemoPortraits({
    portraits: missing.map((member) => ({ name: member.name, index: demoCommunity.indexOf(member) })),
    maxPixels: profileUploadLimits.maxPixels,
  });
  let inserted = 0;
  for (const [at, member] of missing.entries()) {
    const user = await accountFor(db, member, passwordHash);
    const portrait = portraits[at];
    if (!user || !portrait) continue;
    const index = demoCommunity.indexOf(member);
    await db
      .insert(profiles)
      .values({
        userId: user.id,
        headline: member.headline,
        bio: member.bio,
        industry: member.industry,
        city: member.city,
        region: member.region,
        country: member.country,
        skills: member.skills,
        tags: member.tags,
        links: member.links ?? [],
        privacy: member.privacy ?? 'everyone',
      })
      .onConflictDoNothing();
    if (member.outcomes.length > 0) {
      await db.insert(memberOutcomes).values(
        member.outcomes.map((outcome) => ({
          userId: user.id,
          type: outcome.type,
          occurredOn: monthsAgo(outcome.monthsAgo, index % 20),
          annualAmount: outcome.amount ?? null,
          note: outcome.note ?? null,
        })),
      );
    }
    await photos.store(user.id, portrait);
    inserted += 1;
  }
  return inserted;
}
