import { render, renderHook, screen, within } from '@testing-library/react';
import { hasPermission, type Role } from '@uplift/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { authStore, useHasPermission } from '../../features/auth/index.ts';
import { resetAuthForTest, signInForTest, testUser } from '../../features/auth/testing.ts';
import { renderRoute } from '../../test/renderRoute.tsx';
import type { RouteGuard } from '../routeTable.ts';
import { decideAccess } from './decideAccess.ts';
import { GuardedOutlet } from './GuardedOutlet.tsx';

afterEach(resetAuthForTest);

const here = { pathname: '/skills', search: '?area=leadership', key: 'k1' };

describe('decideAccess', () => {
  it('sends an anonymous visitor to sign in, to come back here afterwards', () => {
    expect(decideAccess({ guard: 'auth', user: null, location: here, signedOutFrom: null })).toEqual({
      kind: 'sign-in',
      to: '/login?redirectTo=%2Fskills%3Farea%3Dleadership',
    });
  });

  it.each<[RouteGuard, Role, 'allow' | 'deny']>([
    ['auth', 'member-tier-1', 'allow'],
    ['member', 'member-tier-1', 'deny'],
    ['member', 'member-tier-2', 'allow'],
    ['member', 'admin', 'allow'],
    ['admin', 'member-tier-1', 'deny'],
    ['admin', 'member-tier-2', 'deny'],
    ['admin', 'admin', 'allow'],
  ])('the %s guard and a %s user: %s', (guard, role, kind) => {
    const decision = decideAccess({ guard, user: testUser(role), location: here, signedOutFrom: null });
    expect(decision.kind).toBe(kind);
  });

  it('names the role a refused user lacks', () => {
    const decision = decideAccess({
      guard: 'member',
      user: testUser('member-tier-1'),
      location: here,
      signedOutFrom: null,
    });
    expect(decision).toMatchObject({ kind: 'deny', required: 'member-tier-2' });
  });

  it('stays quiet on the page a sign-out is leaving, and only there', () => {
    expect(decideAccess({ guard: 'auth', user: null, location: here, signedOutFrom: 'k1' }).kind).toBe(
      'leave',
    );
    expect(decideAccess({ guard: 'auth', user: null, location: here, signedOutFrom: 'k0' }).kind).toBe(
      'sign-in',
    );
  });
});

function renderGuarded(guard: RouteGuard, path = '/secret?tab=2') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <h1>Sign in</h1> },
      { element: <GuardedOutlet guard={guard} />, children: [{ path: '/secret', element: <h1>Secret</h1> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('GuardedOutlet', () => {
  it('redirects an anonymous visitor to /login with redirectTo', async () => {
    const router = renderGuarded('auth');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/secret?tab=2');
  });

  it('shows a tier-1 member "No access" on a member route, naming the role needed', async () => {
    signInForTest('member-tier-1', { displayName: 'Ada' });
    const router = renderGuarded('member');
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(screen.getByText(/only for premium members/)).toHaveTextContent(/signed in as Ada/);
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('heading', { name: 'Secret' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/secret');
  });

  it('lets an admin through an admin route', async () => {
    signInForTest('admin');
    renderGuarded('admin');
    expect(await screen.findByRole('heading', { name: 'Secret' })).toBeInTheDocument();
  });

  it('sends the user to sign in when the session ends while the page is open', async () => {
    signInForTest('member-tier-1');
    const router = renderGuarded('auth');
    await screen.findByRole('heading', { name: 'Secret' });
    authStore.setState({ user: null });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirectTo=%2Fsecret%3Ftab%3D2');
  });

  it('shows nothing and stays put on the page a sign-out is leaving', async () => {
    signInForTest('member-tier-1');
    const router = renderGuarded('auth');
    await screen.findByRole('heading', { name: 'Secret' });
    authStore.setState({ user: null, signedOutFrom: router.state.location.key });
    await expect.poll(() => screen.queryByRole('heading')).toBeNull();
    // Long enough for a <Navigate> to have moved the router, had the guard rendered one.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/secret');
    expect(screen.queryByRole('heading')).toBeNull();
  });
});

describe('guards in the app routes', () => {
  it('sends an anonymous visit to /skills to sign in', async () => {
    const { router } = renderRoute('/skills');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirectTo=%2Fskills');
  });

  it('refuses a member the admin portal, inside a main landmark', async () => {
    signInForTest('member-tier-1');
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'No access' }));
  });

  it('refuses a member an admin-layout page without showing the admin chrome', async () => {
    signInForTest('member-tier-2');
    renderRoute('/admin/notifications');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('lets a member open /skills', async () => {
    signInForTest('member-tier-1');
    renderRoute('/skills');
    expect(await screen.findByRole('heading', { level: 1, name: 'Skills Assessment' })).toBeInTheDocument();
  });
});

describe('permission checks', () => {
  it('are false when the permission is absent, true only when granted', () => {
    const member = testUser('member-tier-1', { permissions: { 'videos.premium': false } });
    expect(hasPermission(member, 'videos.premium')).toBe(false);
    expect(hasPermission(member, 'community.moderate')).toBe(false);
    expect(hasPermission(null, 'community.moderate')).toBe(false);
    expect(hasPermission(testUser('admin'), 'community.moderate')).toBe(true);
  });

  it('useHasPermission follows the signed-in user', () => {
    signInForTest('member-tier-1');
    const { result, rerender } = renderHook(() => useHasPermission('videos.premium'));
    expect(result.current).toBe(false);
    signInForTest('member-tier-2');
    rerender();
    expect(result.current).toBe(true);
  });
});
