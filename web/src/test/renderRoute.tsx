import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppRoutes } from '../app/routes.tsx';

/** Renders the real route tree at one path, as the browser router would, with main.tsx's providers. */
export function renderRoute(path: string) {
  // A title or description left by the previous test must not pass for this one.
  document.title = '';
  document.head.querySelector('meta[name="description"]')?.remove();
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    router,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}
