import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { serverSecrets } from './schema.ts';

/**
 * The server's secret for one purpose: 32 random bytes made on first use and kept in the database, so
 * every instance signs and checks with the same key, across restarts. Two instances starting together
 * both try to insert; the first wins and both read it back.
 */
export async function serverSecret(db: Database, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: serverSecrets.secret })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`Server secret ${name} neither inserted nor found`);
  return Buffer.from(row.secret, 'base64url');
}
