import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@uplift/contracts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { findUserByEmail, insertUser, hashPassword } from '../modules/auth/index.ts';

const demoMembers: Array<{ email: string; displayName: string; role: Role }> = [
  { email: 'amara.okafor@demo.uplift.community', displayName: 'Amara Okafor', role: 'member-tier-1' },
  { email: 'diego.ramirez@demo.uplift.community', displayName: 'Diego Ramírez', role: 'member-tier-1' },
  { email: 'mei.chen@demo.uplift.community', displayName: 'Mei Chen', role: 'member-tier-2' },
  { email: 'samuel.adeyemi@demo.uplift.community', displayName: 'Samuel Adeyemi', role: 'member-tier-2' },
];

const generatedAdminEmail = 'admin@uplift.local';

/**
 * The first admin: ADMIN_EMAIL/ADMIN_PASSWORD when set (an existing account with that email is promoted,
 * its password untouched), otherwise, when no admin exists yet, one with a random password printed once.
 * Demo members of both tiers share one random password, printed with it on the first start. Their
 * addresses count as verified (decision 0084): the operator chose them, nobody could follow a link.
 */
export async function seedAccounts(db: Database, config: Config, log: FastifyBaseLogger): Promise<number> {
  const printed: string[] = [];
  let inserted = 0;

  if (config.ADMIN_EMAIL) {
    const existing = await findUserByEmail(db, config.ADMIN_EMAIL);
    if (existing) {
      if (existing.role !== 'admin')
        await db.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id));
    } else {
      const password = config.ADMIN_PASSWORD ?? randomPassword();
      await insertUser(db, {
        email: config.ADMIN_EMAIL,
        displayName: 'Administrator',
        role: 'admin',
        passwordHash: await hashPassword(password),
        emailVerifiedAt: new Date(),
      });
      inserted += 1;
      if (!config.ADMIN_PASSWORD) printed.push(`admin   ${config.ADMIN_EMAIL}   ${password}`);
    }
  } else if (!(await db.query.users.findFirst({ where: eq(users.role, 'admin') }))) {
    const password = randomPassword();
    await insertUser(db, {
      email: generatedAdminEmail,
      displayName: 'Administrator',
      role: 'admin',
      passwordHash: await hashPassword(password),
      emailVerifiedAt: new Date(),
    });
    inserted += 1;
    printed.push(`admin   ${generatedAdminEmail}   ${password}`);
  }

  const missing = [];
  for (const member of demoMembers) {
    if (!(await findUserByEmail(db, member.email))) missing.push(member);
  }
  if (missing.length > 0) {
    const password = randomPassword();
    const passwordHash = await hashPassword(password);
    for (const member of missing) {
      if (await insertUser(db, { ...member, passwordHash, emailVerifiedAt: new Date() })) inserted += 1;
    }
    printed.push(`members ${missing.map((member) => member.email).join(', ')}   ${password}`);
  }

  if (printed.length > 0) {
    log.warn('accounts created; their passwords are shown only now');
    // Deliberately on stdout, outside the structured log, so it is seen once and not shipped to log storage.
    console.log(
      ['', 'Uplift sign-in accounts (shown once):', ...printed.map((line) => `  ${line}`), ''].join('\n'),
    );
  }
  return inserted;
}

function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}
