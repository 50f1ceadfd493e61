import { randomBytes } from 'node:crypto';
import { fetchRaw } from './net.ts';

/** The session cookie the server sets over plain http (`__Host-uplift_session` is its https twin). */
const SESSION_COOKIE = 'uplift_session';

export interface AdminCredentials {
  email: string;
  password: string;
}

/** The admin the server creates on its first start (ADMIN_EMAIL / ADMIN_PASSWORD); new password per run. */
export function benchAdmin(): AdminCredentials {
  // 18 random bytes are exactly 24 base64url characters.
  return { email: 'bench-admin@example.test', password: randomBytes(18).toString('base64url') };
}

/**
 * Signs in once (POST /api/auth/login is rate-limited, so never under load) and returns the `cookie` request
 * header carrying the session, after checking that GET /api/auth/verify accepts it.
 */
export async function signIn(origin: string, credentials: AdminCredentials): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
    signal: AbortSignal.timeout(10_000),
  });
  const body = await response.text();
  if (response.status !== 200) {
    throw new Error(`POST /api/auth/login answered ${response.status}: ${body.slice(0, 200)}`);
  }
  const prefix = `${SESSION_COOKIE}=`;
  const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith(prefix));
  const token = setCookie?.slice(prefix.length).split(';', 1)[0];
  if (!token) throw new Error(`POST /api/auth/login set no ${SESSION_COOKIE} cookie`);
  const cookie = `${SESSION_COOKIE}=${token}`;

  const verified = await fetchRaw(`${origin}/api/auth/verify`, 10_000, { cookie });
  if (verified.status !== 200) {
    throw new Error(`GET /api/auth/verify with the new session answered ${verified.status}, not 200`);
  }
  const answer = JSON.parse(verified.body.toString('utf8')) as { user?: { email?: string } };
  if (answer.user?.email !== credentials.email) {
    throw new Error('GET /api/auth/verify with the new session did not answer the admin');
  }
  return cookie;
}
