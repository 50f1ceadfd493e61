import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';

/**
 * The app provides its QueryClient above the router (main.tsx). A chat page rendered without one (the
 * route-table tests render every page bare) gets a private client rather than failing.
 */
export function EnsureQueryClient({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  const [own] = useState(() =>
    provided ? null : new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  if (!own) return children;
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
