import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { memberOutcomes, memberPreferences, profiles, users } from '../../db/schema.ts';

export type ProfileRow = typeof profiles.$inferSelect;
export type OutcomeRow = typeof memberOutcomes.$inferSelect;
type ProfileValues = Partial<Omit<typeof profiles.$inferInsert, 'userId'>>;

/** A user with their profile (null before their first edit). */
export async function findUserWithProfile(db: Database, userId: string) {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function upsertProfile(db: Database, userId: string, values: ProfileValues) {
  const set = { ...values, updatedAt: new Date() };
  await db
    .insert(profiles)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: profiles.userId, set });
}

export async function updateDisplayName(db: Database, userId: string, displayName: string) {
  await db.update(users).set({ displayName }).where(eq(users.id, userId));
}

/**
 * Points the profile at a new photo and the account at its avatar, in one transaction; answers the key
 * of the photo it replaced so its files can go.
 */
export async function replacePhoto(
  db: Database,
  userId: string,
  photoKey: string | null,
  avatarUrl: string | null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ photoKey: profiles.photoKey })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update');
    await tx
      .insert(profiles)
      .values({ userId, photoKey, updatedAt: new Date() })
      .onConflictDoUpdate({ target: profiles.userId, set: { photoKey, updatedAt: new Date() } });
    await tx.update(users).set({ avatarUrl }).where(eq(users.id, userId));
    return previous?.photoKey ?? null;
  });
}

export function listOutcomes(db: Database, userId: string): Promise<OutcomeRow[]> {
  return db
    .select()
    .from(memberOutcomes)
    .where(eq(memberOutcomes.userId, userId))
    .orderBy(desc(memberOutcomes.occurredOn), desc(memberOutcomes.createdAt));
}

export async function insertOutcome(
  db: Database,
  values: typeof memberOutcomes.$inferInsert,
): Promise<OutcomeRow> {
  const [row] = await db.insert(memberOutcomes).values(values).returning();
  if (!row) throw new Error('outcome insert returned no row');
  return row;
}

export async function updateOutcome(
  db: Database,
  userId: string,
  id: string,
  values: Partial<typeof memberOutcomes.$inferInsert>,
): Promise<OutcomeRow | undefined> {
  const [row] = await db
    .update(memberOutcomes)
    .set(values)
    .where(and(eq(memberOutcomes.id, id), eq(memberOutcomes.userId, userId)))
    .returning();
  return row;
}

export async function deleteOutcome(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(memberOutcomes)
    .where(and(eq(memberOutcomes.id, id), eq(memberOutcomes.userId, userId)))
    .returning({ id: memberOutcomes.id });
  return deleted.length > 0;
}

export async function findPreferences(db: Database, userId: string) {
  const [row] = await db
    .select({ preferences: memberPreferences.preferences })
    .from(memberPreferences)
    .where(eq(memberPreferences.userId, userId));
  return row?.preferences ?? null;
}

export async function savePreferences(db: Database, userId: string, preferences: Record<string, unknown>) {
  await db
    .insert(memberPreferences)
    .values({ userId, preferences })
    .onConflictDoUpdate({ target: memberPreferences.userId, set: { preferences, updatedAt: new Date() } });
}
