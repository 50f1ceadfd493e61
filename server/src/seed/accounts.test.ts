import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { users } from '../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { seedAccounts } from './accounts.ts';
import { verifyPassword } from '../modules/auth/index.ts';

const silentLog = { warn: () => {}, info: () => {} } as unknown as Parameters<typeof seedAccounts>[2];

describe('account seed', () => {
  let database: TestDatabase;
  let printed: string[];
  beforeEach(async () => {
    database = await createTestDatabase();
    printed = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await database.drop();
  });

  it('creates an admin with a random password printed once, and demo members of both tiers', async () => {
    const inserted = await seedAccounts(database.db, loadConfig({}), silentLog);
    expect(inserted).toBe(5);
    const output = printed.join('\n');
    const [, password] = output.match(/admin {3}admin@uplift\.local {3}(\S+)/) ?? [];
    expect(password).toMatch(/^[\w-]{16}$/);
    const [admin] = await database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admin?.email).toBe('admin@uplift.local');
    expect(await verifyPassword(admin!.passwordHash, password!)).toBe(true);
    const roles = (await database.db.select().from(users)).map((user) => user.role);
    expect(roles).toEqual(expect.arrayContaining(['member-tier-1', 'member-tier-2']));

    printed = [];
    expect(await seedAccounts(database.db, loadConfig({}), silentLog)).toBe(0);
    expect(printed).toEqual([]);
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when set, printing no password', async () => {
    const config = loadConfig({
      ADMIN_EMAIL: 'Boss@Example.test',
      ADMIN_PASSWORD: 'a strong admin passphrase',
    });
    await seedAccounts(database.db, config, silentLog);
    const admins = await database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.map((admin) => admin.email)).toEqual(['Boss@Example.test']);
    expect(await verifyPassword(admins[0]!.passwordHash, 'a strong admin passphrase')).toBe(true);
    expect(printed.join('\n')).not.toContain('a strong admin passphrase');
  });

  it('promotes an existing account named by ADMIN_EMAIL without touching its password', async () => {
    await seedAccounts(database.db, loadConfig({}), silentLog);
    const member = await database.db.query.users.findFirst({ where: eq(users.role, 'member-tier-1') });
    await seedAccounts(database.db, loadConfig({ ADMIN_EMAIL: member!.email.toUpperCase() }), silentLog);
    const promoted = await database.db.query.users.findFirst({ where: eq(users.id, member!.id) });
    expect(promoted).toMatchObject({ role: 'admin', passwordHash: member!.passwordHash });
  });
});
