import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectivity } from '../lib/offline/index.ts';
import { RootErrorBoundary } from './RootErrorBoundary.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { ErrorPage } from '../ui/ErrorPage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('error page', () => {
  it('generic variant: "Internal Server Error", status 500 by default', () => {
    render(<ErrorPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByText(/Error 500\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('not-found variant for 404: "Page Not Found" by default', () => {
    const { container } = render(<ErrorPage statusCode={404} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(container.querySelector('section')).toHaveAttribute('data-variant', 'not-found');
  });

  it('offers Try again when it can retry', () => {
    const retry = vi.fn();
    render(<ErrorPage onRetry={retry} />);
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('is not rendered for crawlers', () => {
    const { container } = render(
      <ErrorPage userAgent="Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

function Boom(): never {
  throw new Error('boom');
}

describe('fatal errors reach the error page', () => {
  it('through the router error boundary: a screen that crashes says the app failed and offers a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', Component: Boom, ErrorBoundary: RouteErrorPage }]);
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong in the app' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByText(/not in your connection/)).toBeInTheDocument();
    expect(screen.queryByText(/500|Internal Server Error|Check your connection/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the app' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('through the router error boundary: route code that fails to download reloads once, then blames the connection', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    sessionStorage.clear();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const missingChunk = () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/SkillsPage-old.js');
    };
    const routes = () => [
      { path: '/', element: null },
      { path: '/skills', lazy: { Component: missingChunk }, ErrorBoundary: RouteErrorPage },
    ];
    const first = createMemoryRouter(routes());
    const { unmount } = render(<RouterProvider router={first} />);
    await act(() => first.navigate('/skills'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    unmount();

    // The reloaded page fails the same way: no loop, an error page that points at the connection.
    const again = createMemoryRouter(routes(), { initialEntries: ['/skills'] });
    render(<RouterProvider router={again} />);
    expect(await screen.findByText(/could not be loaded\. Check your connection/)).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('offline, route code out of reach is not reloaded (that would end on the browser error page)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    sessionStorage.clear();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    act(() => connectivity.store.setState({ networkUp: false, online: false }));
    try {
      const router = createMemoryRouter(
        [
          {
            path: '/skills',
            lazy: {
              Component: () => {
                throw new TypeError('Failed to fetch dynamically imported module: /assets/SkillsPage-1.js');
              },
            },
            ErrorBoundary: RouteErrorPage,
          },
        ],
        { initialEntries: ['/skills'] },
      );
      render(<RouterProvider router={router} />);
      expect(await screen.findByText(/could not be loaded\. Check your connection/)).toBeInTheDocument();
      expect(reload).not.toHaveBeenCalled();
    } finally {
      act(() => connectivity.store.setState({ networkUp: true, online: true }));
      vi.unstubAllGlobals();
    }
  });

  it('through the router error boundary: a 404 response shows the not-found page with the path', async () => {
    const router = createMemoryRouter([{ path: '/', element: null, ErrorBoundary: RouteErrorPage }], {
      initialEntries: ['/missing'],
    });
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found: /missing' }),
    ).toBeInTheDocument();
  });

  it('through the root error boundary: anything else that throws while rendering', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RootErrorBoundary>
        <Boom />
      </RootErrorBoundary>,
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Something went wrong in the app' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the app' })).toBeInTheDocument();
  });
});
