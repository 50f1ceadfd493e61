import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Screens revisited within half a minute reuse their data instead of refetching on every tab switch.
      staleTime: 30_000,
      // SPEC §7: the HTTP client itself retries a read once (writes never); a second layer would double it.
      retry: false,
    },
    mutations: {
      // Writes always reach the HTTP client, which queues them offline (lib/offline sendOrQueue) instead
      // of TanStack holding them in memory, where a reload would lose them.
      networkMode: 'always',
    },
  },
});
