import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './app/queryClient.ts';
import { RootErrorBoundary } from './app/RootErrorBoundary.tsx';
import { router } from './app/router.ts';
import { startAuth } from './features/auth/index.ts';
import { ShellOverlays } from './ui/ShellOverlays.tsx';
import './styles.css';

// Before the first render, so a restored user is already signed in when the guards first look.
startAuth();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RootErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ShellOverlays />
      </QueryClientProvider>
    </RootErrorBoundary>
  </StrictMode>,
);
