import { expect, request, test, type Page } from '@playwright/test';
import { installAndroidShell, nativeCalls, shellOrigin } from '../../native/androidShell.ts';
import { apiOrigin } from '../../native/ports.ts';
import { ownAddress } from './phone.ts';

/** Every test of the calling file runs in the Android shell: served from its origin, its bridge installed. */
export function onTheAndroidShell(): void {
  test.use({ baseURL: shellOrigin });
  test.beforeEach(async ({ context }) => {
    await installAndroidShell(context);
  });
}

/** A fresh member, registered through the API, signed in through the shell's screens at `next`. */
export async function signInNewMember(page: Page, next: string) {
  const api = await request.newContext({ baseURL: apiOrigin, extraHTTPHeaders: { Origin: apiOrigin } });
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const member = {
    displayName: `Shell Tester ${id}`,
    email: `shell-${id}@native.e2e.test`,
    password: `harbour-${id}`,
  };
  const registered = await api.post('/api/auth/register', { data: member, headers: ownAddress() });
  expect(registered.ok()).toBe(true);
  const { user } = (await registered.json()) as { user: { id: string } };
  await api.dispose();
  await page.goto(`/login?redirectTo=${encodeURIComponent(next)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return { ...member, id: user.id };
}

/** The options of every call the app made to the native `method`, in order. */
export const callsTo = async (page: Page, method: string) =>
  (await nativeCalls(page)).filter((call) => call.method === method).map((call) => call.options);
