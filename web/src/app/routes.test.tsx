import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAuthForTest, signInForTest } from '../features/auth/testing.ts';
import { renderRoute } from '../test/renderRoute.tsx';
import { appTitle } from './documentTitle.ts';
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
    await expectDocumentTitle(appTitle);
  });

  it('renders a placeholder page under its SPEC title', async () => {
    renderRoute('/community');
    expect(await findPageHeading()).toHaveTextContent(/^Community Hub$/);
    expect(screen.getByText('This page is not built yet.')).toBeInTheDocument();
    await expectDocumentTitle('Community Hub · Uplift');
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
    const adminNav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(adminNav).getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('renders /admin without any layout chrome', async () => {
    renderRoute('/admin');
    expect(await findPageHeading()).toHaveTextContent(/^Admin Portal$/);
    expect(screen.getByRole('main')).toHaveAttribute('data-layout', 'none');
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
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
    renderRoute(path.replace(':id', '42'));
    expect((await findPageHeading()).textContent).toBe(title);
    expect(screen.getByRole('main')).toHaveAttribute('data-layout', layout);
    await expectDocumentTitle(`${title} · Uplift`);
  });
});
