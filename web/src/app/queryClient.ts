import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Screens revisited within half a minute reuse their data instead of refetching on every tab switch.
      staleTime: 30_000,
      // SPEC §7: reads are retried once; writes (mutations) never, which is already the default.
      retry: 1,
    },
  },
});
