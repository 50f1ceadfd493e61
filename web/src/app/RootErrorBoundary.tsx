import { Component, type ReactNode } from 'react';
import { ErrorPage } from '../ui/ErrorPage.tsx';
import { appCrashCopy } from './crashCopy.ts';

interface RootErrorBoundaryProps {
  children: ReactNode;
}

interface RootErrorBoundaryState {
  failed: boolean;
}

/**
 * SPEC §2: a fatal error anywhere, even outside the router's own boundary (the router itself, the toast
 * viewport), still ends on the full-screen error page rather than a blank screen. The router is gone at
 * that point, so Home is a plain link that starts the app afresh.
 */
export class RootErrorBoundary extends Component<RootErrorBoundaryProps, RootErrorBoundaryState> {
  override state: RootErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): RootErrorBoundaryState {
    return { failed: true };
  }

  // SPEC §8: the error is reported ("A component error occurred", logged with where it happened) by React
  // DOM's onCaughtError, given to createRoot in main.tsx.

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="mx-auto min-h-dvh w-full max-w-3xl px-safe pt-safe pb-safe">
        <ErrorPage
          showStatusCode={false}
          message={appCrashCopy.message}
          details={appCrashCopy.details}
          retryLabel={appCrashCopy.retryLabel}
          onRetry={() => window.location.reload()}
        />
      </main>
    );
  }
}
