import type { Database } from '../../db/client.ts';
import { mailDeadLetters } from '../../db/schema.ts';

export async function insertDeadLetter(db: Database, values: typeof mailDeadLetters.$inferInsert) {
  await db.insert(mailDeadLetters).values(values);
}
