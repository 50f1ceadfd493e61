import { expect, test } from '@playwright/test';
import { apiOrigin, port } from '../native/ports.ts';
import { expectNoAxeViolations, ownAddress, phone } from './support/phone.ts';

// WebAuthn refuses an IP address as the relying party: the page is opened as localhost, the server's
// default public origin (decision 0108).
test.use({ ...phone, baseURL: `http://localhost:${port}` });

test('a member adds a passkey in settings, signs in with it instead of a password, and removes it', async ({
  page,
  request,
}) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = { displayName: `Pat ${id}`, email: `pat-${id}@e2e.test`, password: `amber-harbour-${id}` };
  const registered = await request.post(`${apiOrigin}/api/auth/register`, {
    data: member,
    headers: ownAddress(),
  });
  expect(registered.status()).toBe(201);

  // A platform authenticator that verifies the member, through the DevTools protocol's WebAuthn domain.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto('/login?redirectTo=%2Fprofile-client');
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toContainText('added. You can sign in with it now.');
  const passkeys = section.getByRole('list', { name: 'Your passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys.getByRole('listitem')).toContainText('not used yet');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  const signCountBefore = credentials[0]?.signCount ?? 0;
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/login?redirectTo=%2Fprofile-client');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(passkeys.getByRole('listitem')).toContainText('last used');
  // The authenticator signed once more, and the server accepted its counter.
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]?.signCount).toBe(signCountBefore + 1);

  // Removing asks first; cancelled, nothing changes.
  // Named after the browser and system it was made on ("Passkey from Chrome on Linux").
  const remove = passkeys.getByRole('button', { name: /^Remove Passkey from / });
  await remove.click();
  const confirm = page.getByRole('dialog', { name: /^Remove Passkey from .+\?$/ });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await remove.click();
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section.getByText('No passkeys yet.')).toBeVisible();

  // The authenticator still holds it, but the server no longer knows it: signing in with it is refused.
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('This passkey is not registered here.');
});
