import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAuthForTest, signInForTest } from '../features/auth/testing.ts';
import { renderRoute } from '../test/renderRoute.tsx';
import { routeTable } from './routeTable.ts';

async function findPageHeading() {
  return screen.findByRole('heading', { level: 1 });
}

/** The title is set in an effect, which may run just after the heading appears. */
async function expectDocumentTitle(title: string) {
  await waitFor(() => expect(document.title).toBe(title));
}

describe('app routes', () => {
  // An admin passes every guard, so each page shows itself; guards/ tests cover who is refused.
  beforeEach(() => signInForTest('admin'));
  afterEach(resetAuthForTest);

  it('shows the 404 page with the unknown path', async () => {
    renderRoute('/some/path');
    expect(await findPageHeading()).toHaveTextContent(/^Page not found: \/some\/path$/);
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    await expectDocumentTitle('Page not found · Uplift');
  });

  it('renders the home page with links to the main sections', async () => {
    renderRoute('/');
    expect(await findPageHeading()).toHaveTextContent(/^Welcome (to Uplift|back, \S+)$/);
    const links = within(screen.getByRole('navigation', { name: 'Get started' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/skills',
      '/chat',
      '/community',
      '/partners',
    ]);
    // One pattern for every screen, Home included.
    await expectDocumentTitle('Home · Uplift');
  });

  it('renders the Classic Home: the same ways in as Home, as a plain list, and the way to the new Home', async () => {
    renderRoute('/index-backup');
    expect(await findPageHeading()).toHaveTextContent(/^Classic Home$/);
    const links = within(screen.getByRole('navigation', { name: 'Get started' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/skills',
      '/chat',
      '/community',
      '/partners',
    ]);
    expect(screen.getByRole('link', { name: 'Open the new Home' })).toHaveAttribute('href', '/');
    await expectDocumentTitle('Classic Home · Uplift');
  });

  it('sends a visitor on the Classic Home to the public skills page', async () => {
    resetAuthForTest();
    renderRoute('/index-backup');
    expect(await screen.findByRole('link', { name: /^Skills/ })).toHaveAttribute('href', '/skills-public');
  });

  it('shows a route description when SPEC gives one', async () => {
    renderRoute('/mobile-chat-demo');
    expect(await findPageHeading()).toHaveTextContent('Mobile Chat Demo');
    expect(screen.getByText('Test mobile-optimized chat features')).toBeInTheDocument();
  });

  it('renders /admin/notifications inside the admin layout', async () => {
    renderRoute('/admin/notifications');
    expect(await findPageHeading()).toHaveTextContent(/^Notifications$/);
    expect(screen.getByRole('main')).toHaveAttribute('data-layout', 'admin');
    const adminNav = screen.getByRole('navigation', { name: 'Admin areas' });
    expect(within(adminNav).getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('renders every admin page in the one admin frame: admin areas, the way back, no bottom bar', async () => {
    const adminPaths = routeTable.filter(({ path }) => path.startsWith('/admin')).map(({ path }) => path);
    expect(adminPaths).toEqual([
      '/admin',
      '/admin/users',
      '/admin/users/:id',
      '/admin/videos',
      '/admin/partners',
      '/admin/dashboard',
      '/admin/audit',
      '/admin/notifications',
      '/admin/moderation',
    ]);
    for (const path of adminPaths) {
      const { unmount } = renderRoute(path.replace(':id', '42'));
      await findPageHeading();
      expect(screen.getByRole('main')).toHaveAttribute('data-layout', 'admin');
      expect(screen.getByRole('navigation', { name: 'Admin areas' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the app' })).toHaveAttribute('href', '/');
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('offers a skip link to the main landmark', async () => {
    renderRoute('/chat');
    await findPageHeading();
    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skipLink.getAttribute('href')).toBe(`#${screen.getByRole('main').id}`);
  });

  // The profile routes forward to, or are headed by, the member's own name (e2e/tests/profile.spec.ts).
  const forwarding = ['/', '*', '/profile', '/profile-home', '/profile/:id'];
  const pages = routeTable.filter(({ path }) => !forwarding.includes(path));
  it.each(pages)('renders $path as "$title" in the $layout layout', async ({ path, title, layout }) => {
    // A signed-in visitor to /login is sent on (LoginPage.test.tsx); the sign-in form is for visitors.
    if (path === '/login') resetAuthForTest();
    renderRoute(path.replace(':id', '42'));
    expect((await findPageHeading()).textContent).toBe(title);
    expect(screen.getByRole('main')).toHaveAttribute('data-layout', layout);
    await expectDocumentTitle(`${title} · Uplift`);
  });
});
