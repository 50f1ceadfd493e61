import { and, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailDeadLetters, users } from '../../db/schema.ts';

export async function insertDeadLetter(db: Database, values: typeof mailDeadLetters.$inferInsert) {
  await db.insert(mailDeadLetters).values(values);
}

/** Whether an account uses `email` (case-insensitively) and its owner proved it is theirs. */
export async function isVerifiedAddress(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return row !== undefined;
}
