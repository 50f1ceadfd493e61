import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { OfflineIndicator } from '../ui/OfflineIndicator.tsx';
import { ShellOverlays } from '../ui/ShellOverlays.tsx';
import { RootErrorBoundary } from './RootErrorBoundary.tsx';

/** Tells that the tree is on screen: its effects run once hydration (or the first render) has committed. */
function OnShown({ onShown }: { onShown: (() => void) | undefined }) {
  useEffect(() => onShown?.(), [onShown]);
  return null;
}

/**
 * Everything around the router, the same for the browser (main.tsx) and the prerender (prerender.tsx): the
 * client hydrates the drawn page (decision 0067), so both must render one tree, down to where `useId`
 * counts its siblings. `onShown` is called once the tree has committed in the browser.
 */
export function AppFrame({
  queryClient,
  onShown,
  children,
}: {
  queryClient: QueryClient;
  onShown?: () => void;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <RootErrorBoundary>
        <QueryClientProvider client={queryClient}>
          {children}
          <ShellOverlays />
          <OfflineIndicator />
          <OnShown onShown={onShown} />
        </QueryClientProvider>
      </RootErrorBoundary>
    </StrictMode>
  );
}
