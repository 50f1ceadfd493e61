import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { successResponseSchema, type User } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/index.ts';
import { renderRoute } from '../../test/renderRoute.tsx';
import { authStore, login, logout, register, startAuth, verifySession } from './authStore.ts';
import { authStorageKeys } from './authStorage.ts';
import { resetAuthForTest, testUser } from './testing.ts';
import type * as platform from '../../lib/native/platform.ts';

const native = vi.hoisted(() => ({ value: false }));
vi.mock('../../lib/native/platform.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof platform>()),
  isNativePlatform: () => native.value,
}));

type Route = `${'GET' | 'POST'} /api/${string}`;
type Answer = { status: number; body: unknown } | 'network-error';

const routes = new Map<Route, Answer[]>();
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const route = `${init?.method ?? 'GET'} ${String(input)}` as Route;
  const answer = routes.get(route)?.shift();
  if (!answer) throw new Error(`unexpected request ${route}`);
  if (answer === 'network-error') throw new TypeError('Failed to fetch');
  return new Response(JSON.stringify(answer.body), { status: answer.status });
});

function answer(route: Route, ...answers: Answer[]) {
  routes.set(route, [...(routes.get(route) ?? []), ...answers]);
}
const ok = (body: object) => ({ status: 200, body: { success: true, ...body } });
const unauthorized = {
  status: 401,
  body: {
    success: false,
    error: { code: 'AUTH_FAILED', message: 'Authentication failed.', statusCode: 401 },
  },
};

function storeUser(user: unknown, token?: string) {
  localStorage.setItem(authStorageKeys.user, JSON.stringify(user));
  if (token) localStorage.setItem(authStorageKeys.token, token);
}

function storedUser(): User | null {
  const raw = localStorage.getItem(authStorageKeys.user);
  return raw ? (JSON.parse(raw) as User) : null;
}

let stop: () => void = () => undefined;
function start() {
  const started = startAuth();
  stop = started.stop;
  return started.verified;
}

beforeEach(() => {
  native.value = false;
  routes.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  resetAuthForTest();
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('auth store: start-up', () => {
  it('restores a stored user with an id and an email, then verifies it with the server', async () => {
    const member = testUser('member-tier-1');
    storeUser(member);
    answer('GET /api/auth/verify', ok({ user: { ...member, displayName: 'Renamed' } }));
    const verified = start();
    expect(authStore.getState().user).toEqual(member);
    await verified;
    expect(authStore.getState().user?.displayName).toBe('Renamed');
    expect(storedUser()?.displayName).toBe('Renamed');
  });

  it.each([
    ['no email', { id: 'u1', role: 'admin' }],
    ['no id', { email: 'a@example.test', role: 'admin' }],
    ['an empty email', { id: 'u1', email: '' }],
    ['not an object', 'u1'],
  ])('does not restore a stored user with %s, and sends no verify', async (_case, stored) => {
    storeUser(stored);
    await start();
    expect(authStore.getState().user).toBeNull();
    expect(localStorage.getItem(authStorageKeys.user)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores an incomplete stored user with the least privilege until verify answers', async () => {
    storeUser({ id: 'u1', email: 'a@example.test', role: 'admin' });
    answer('GET /api/auth/verify', 'network-error');
    await start();
    expect(authStore.getState().user).toMatchObject({ id: 'u1', role: 'member-tier-1', permissions: {} });
  });

  it('clears the session (user and token) when verify and the refresh after it are refused', async () => {
    native.value = true;
    storeUser(testUser('member-tier-2'), 'tok-1');
    answer('GET /api/auth/verify', unauthorized);
    answer('POST /api/auth/refresh', unauthorized);
    await start();
    expect(authStore.getState()).toMatchObject({ user: null, token: null });
    expect(localStorage.getItem(authStorageKeys.user)).toBeNull();
    expect(localStorage.getItem(authStorageKeys.token)).toBeNull();
  });

  it('keeps the session when verify gets a 401 but the refresh renews it', async () => {
    native.value = true;
    const member = testUser('member-tier-1');
    storeUser(member, 'tok-1');
    answer('GET /api/auth/verify', unauthorized, ok({ user: member }));
    answer('POST /api/auth/refresh', ok({ user: member, token: 'tok-2' }));
    await start();
    expect(authStore.getState()).toMatchObject({ user: member, token: 'tok-2' });
    expect(localStorage.getItem(authStorageKeys.token)).toBe('tok-2');
    const retried = new Headers(fetchMock.mock.calls[2]?.[1]?.headers);
    expect(retried.get('authorization')).toBe('Bearer tok-2');
  });

  it('keeps the restored user when verify cannot reach the server (offline first)', async () => {
    const member = testUser('member-tier-1');
    storeUser(member);
    answer('GET /api/auth/verify', 'network-error');
    await start();
    expect(authStore.getState().user).toEqual(member);
    expect(storedUser()).toEqual(member);
  });

  it('keeps the restored user when the server fails with an error of its own', async () => {
    const member = testUser('member-tier-1');
    storeUser(member);
    answer('GET /api/auth/verify', { status: 503, body: {} });
    await start();
    expect(authStore.getState().user).toEqual(member);
  });

  it('does not bring back a user who signed out while verify was under way', async () => {
    const member = testUser('member-tier-1');
    storeUser(member);
    let answerVerify: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answerVerify = resolve)));
    const verified = start();
    answer('POST /api/auth/logout', ok({}));
    await logout();
    answerVerify(new Response(JSON.stringify({ success: true, user: member })));
    await verified;
    expect(authStore.getState().user).toBeNull();
    expect(localStorage.getItem(authStorageKeys.user)).toBeNull();
  });
});

describe('auth store: sign in and out', () => {
  it('login stores the user and marks the session authenticated (web: no token)', async () => {
    const member = testUser('member-tier-1');
    answer('POST /api/auth/login', ok({ user: member, token: null }));
    await login({ email: member.email, password: 'a long passphrase' });
    expect(authStore.getState()).toMatchObject({ user: member, token: null, newMember: false });
    expect(storedUser()).toEqual(member);
    expect(localStorage.getItem(authStorageKeys.token)).toBeNull();
  });

  it('register stores the user and, on native, the token for the bearer header', async () => {
    native.value = true;
    const member = testUser('member-tier-1');
    answer('POST /api/auth/register', { status: 201, body: { success: true, user: member, token: 'tok-9' } });
    await register({ email: member.email, password: 'a long passphrase', displayName: 'New' });
    // Greeted as new on Home ("Welcome"), not as returning.
    expect(authStore.getState()).toMatchObject({ user: member, token: 'tok-9', newMember: true });
    expect(localStorage.getItem(authStorageKeys.token)).toBe('tok-9');
  });

  it('a failed login leaves the user signed out', async () => {
    answer('POST /api/auth/login', unauthorized);
    await expect(login({ email: 'a@example.test', password: 'wrong password' })).rejects.toMatchObject({
      status: 401,
    });
    expect(authStore.getState().user).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a refresh the server refuses signs the user out', async () => {
    storeUser(testUser('member-tier-1'));
    answer('GET /api/auth/verify', ok({ user: testUser('member-tier-1') }));
    await start();
    answer('GET /api/things', unauthorized);
    answer('POST /api/auth/refresh', unauthorized);
    await expect(http.get('/things', { schema: successResponseSchema })).rejects.toMatchObject({
      status: 401,
    });
    expect(authStore.getState().user).toBeNull();
    expect(localStorage.getItem(authStorageKeys.user)).toBeNull();
  });

  it('logout tells the server, clears the session and goes to /login through the router', async () => {
    storeUser(testUser('member-tier-1'));
    answer('GET /api/auth/verify', ok({ user: testUser('member-tier-1') }));
    await start();
    answer('POST /api/auth/logout', ok({}));
    const { router } = renderRoute('/profile-client');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(authStore.getState().user).toBeNull();
    expect(localStorage.getItem(authStorageKeys.user)).toBeNull();
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toContain(
      'POST /api/auth/logout',
    );
  });

  it('logout still signs out locally when the server cannot be reached', async () => {
    authStore.setState({ user: testUser('member-tier-1') });
    answer('POST /api/auth/logout', 'network-error');
    const { router } = renderRoute('/profile-client');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(authStore.getState().user).toBeNull();
  });

  it('follows a sign-out in another tab', async () => {
    storeUser(testUser('member-tier-1'));
    answer('GET /api/auth/verify', ok({ user: testUser('member-tier-1') }));
    await start();
    localStorage.removeItem(authStorageKeys.user);
    window.dispatchEvent(new StorageEvent('storage', { key: authStorageKeys.user, newValue: null }));
    expect(authStore.getState().user).toBeNull();
  });

  it('verifySession without a session is refused and leaves the user signed out', async () => {
    answer('GET /api/auth/verify', unauthorized);
    answer('POST /api/auth/refresh', unauthorized);
    await verifySession();
    expect(authStore.getState().user).toBeNull();
  });
});
