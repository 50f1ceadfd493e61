import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Role } from '@uplift/contracts';
import type { Database } from '../src/db/client.ts';
import { insertUser } from '../src/modules/auth/auth.repo.ts';
import { hashPassword } from '../src/modules/auth/password.ts';

let counter = 0;
export const testPassword = 'correct horse battery staple';
/**
 * One real argon2id hash of the test password per test process, shared by the users it inserts: hashing
 * is slow on purpose (decision 0005's parameters), and the suite inserts hundreds of users. Signing
 * in still verifies it as any member's.
 */
let testPasswordHash: Promise<string> | undefined;

/**
 * A user inserted directly, with any role; sign in with `signIn`. Their email is verified, as most members'
 * is, unless `verified: false` (a member who has not followed their link yet).
 */
export async function createUser(
  db: Database,
  role: Role = 'member-tier-1',
  { verified = true }: { verified?: boolean } = {},
) {
  counter += 1;
  const email = `user${counter}-${Date.now()}@example.test`;
  const user = await insertUser(db, {
    email,
    displayName: `Test User ${counter}`,
    role,
    passwordHash: await (testPasswordHash ??= hashPassword(testPassword)),
    emailVerifiedAt: verified ? new Date() : null,
  });
  if (!user) throw new Error('test user not inserted');
  return user;
}

/** The `name=value` pair of the session cookie a response sets, for a `cookie` request header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('uplift_session') && c.value !== '');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export async function signIn(app: FastifyInstance, email: string, password = testPassword) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return sessionCookie(response);
}

export async function signedInAs(app: FastifyInstance, db: Database, role: Role) {
  const user = await createUser(db, role);
  return { user, cookie: await signIn(app, user.email) };
}
