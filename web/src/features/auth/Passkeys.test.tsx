import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/renderRoute.tsx';
import { resetAuthForTest, signInForTest, testUser } from './testing.ts';

// The browser's WebAuthn prompt, which jsdom has not; the real one runs in e2e/tests/passkeys.spec.ts.
const browser = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => browser);

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const assertion = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
  browser.startAuthentication.mockReset();
});

describe('signing in with a passkey', () => {
  it('is not offered where the browser or shell has no WebAuthn (Android’s WebView)', async () => {
    renderRoute('/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
  });

  it('signs in with the passkey the browser offers and goes where the member was headed', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const member = testUser('member-tier-1');
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/auth/passkeys/authentication-options') return json(200, { challenge: 'abc' });
      if (path === '/api/auth/passkeys/sign-in')
        return json(200, { success: true, user: member, token: null });
      return json(404, {});
    });
    browser.startAuthentication.mockResolvedValue(assertion);
    const { router } = renderRoute('/login?redirectTo=%2Fskills');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/skills'));
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc' } });
    const signIn = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/passkeys/sign-in'));
    expect(JSON.parse(String(signIn?.[1]?.body))).toEqual({ response: assertion });
  });

  it('says why when the server refuses, and when the prompt was cancelled', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/auth/passkeys/authentication-options') return json(200, { challenge: 'abc' });
      return json(401, {
        success: false,
        error: { code: 'AUTH_FAILED', message: 'This passkey is not registered here.', statusCode: 401 },
      });
    });
    browser.startAuthentication.mockResolvedValueOnce(assertion);
    renderRoute('/login');
    const form = (await screen.findByRole('button', { name: 'Use a passkey' })).closest('form')!;
    await userEvent.click(within(form).getByRole('button', { name: 'Use a passkey' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This passkey is not registered here.');

    browser.startAuthentication.mockRejectedValueOnce(new DOMException('cancelled', 'NotAllowedError'));
    await userEvent.click(within(form).getByRole('button', { name: 'Use a passkey' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('No passkey was used');
  });
});

describe('passkeys in settings', () => {
  it('lists them and removes one only once the member confirms', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    signInForTest('member-tier-1');
    let items = [
      {
        id: 'pk-1',
        name: 'Passkey from Chrome on Android',
        createdAt: '2026-03-01T10:00:00Z',
        lastUsedAt: null,
        backedUp: true,
      },
    ];
    const deleted: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/auth/passkeys' && (init?.method ?? 'GET') === 'GET') return json(200, { items });
      if (path === '/api/auth/passkeys/pk-1' && init?.method === 'DELETE') {
        deleted.push('pk-1');
        items = [];
        return json(200, { success: true });
      }
      return json(404, {
        success: false,
        error: { code: 'NOT_FOUND', message: 'Not here', statusCode: 404 },
      });
    });
    renderRoute('/profile-client');
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    const remove = await within(section).findByRole('button', {
      name: 'Remove Passkey from Chrome on Android',
    });
    expect(within(section).getByRole('list', { name: 'Your passkeys' })).toHaveTextContent('not used yet');

    await userEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Remove Passkey from Chrome on Android?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await userEvent.click(remove);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: /Remove Passkey/ })).getByRole('button', {
        name: 'Remove passkey',
      }),
    );
    expect(await within(section).findByText('No passkeys yet.')).toBeInTheDocument();
    expect(deleted).toEqual(['pk-1']);
    expect(within(section).getByRole('status')).toHaveTextContent('Passkey from Chrome on Android removed.');
  });
});
