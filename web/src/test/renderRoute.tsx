import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppRoutes } from '../app/routes.tsx';

/** Renders the real route tree at one path, as the browser router would. */
export function renderRoute(path: string) {
  // A title left by the previous test must not pass for this one.
  document.title = '';
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  return { router, ...render(<RouterProvider router={router} />) };
}
