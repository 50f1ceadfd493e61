import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { ownAddress } from './phone.ts';

export interface Member {
  displayName: string;
  email: string;
  password: string;
}

/** Where the app keeps the signed-in user between page loads (web/src/features/auth/authStorage.ts). */
const storedUserKey = 'uplift.auth.user';

/** A tag no other test in this run shares, for names and addresses. */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** A new member's details: `name` and a tag of its own, so parallel tests never meet. */
export function memberDetails(name: string, tag = uniqueTag()): Member {
  return {
    displayName: `${name} ${tag}`,
    email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${tag}@members.e2e.test`,
    password: `amber-meadow-${tag}`,
  };
}

/** Creates the account through the API, as the register screen would, from an address of its own. */
export async function registerMember(
  request: APIRequestContext,
  name: string,
  tag?: string,
): Promise<Member> {
  const member = memberDetails(name, tag);
  const response = await request.post('/api/auth/register', { data: member, headers: ownAddress() });
  expect(response.status(), await response.text()).toBe(201);
  return member;
}

/**
 * Signs the browser context in through the API: the session cookie lands in the context's jar, and the
 * stored user is written before the app's first script, so the next page load starts signed in exactly as
 * after the sign-in screen (the app then verifies the session with the server). Only specs about signing
 * in go through the screen; the rest start here, which saves each test a page load and a form.
 */
export async function signInContext(context: BrowserContext, who: Pick<Member, 'email' | 'password'>) {
  const response = await context.request.post('/api/auth/login', {
    data: { email: who.email, password: who.password },
    headers: ownAddress(),
  });
  expect(response.status(), await response.text()).toBe(200);
  const { user } = (await response.json()) as { user: { id: string } };
  // Written once per context: a sign-out later in the test must not be undone by the next page load.
  await context.addInitScript(
    ({ key, value, marker }) => {
      if (localStorage.getItem(marker) === value) return;
      localStorage.setItem(marker, value);
      localStorage.setItem(key, value);
    },
    { key: storedUserKey, value: JSON.stringify(user), marker: `e2e.signed-in.${user.id}` },
  );
}

/** Signs the page's context in (signInContext) and opens `next`. */
export async function signIn(page: Page, who: Pick<Member, 'email' | 'password'>, next = '/') {
  await signInContext(page.context(), who);
  await page.goto(next);
}
