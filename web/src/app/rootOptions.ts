import type { RootOptions } from 'react-dom/client';
import { reportComponentError, reportRecoverableError } from '../lib/errors/index.ts';

/**
 * React DOM's error options for the app's root (main.tsx). SPEC §8: a screen that throws while rendering
 * shows "A component error occurred" and is logged, whether an error boundary caught it (the router's,
 * which shows the route's error page, or RootErrorBoundary) or none did. A failed route load or a 404 is
 * the router's state, not a thrown render error, and is not reported here. An error React recovered from by
 * itself (rendering the part again) is logged without a toast.
 */
export const rootOptions = {
  onCaughtError: (error, info) => reportComponentError(error, info),
  onUncaughtError: (error, info) => reportComponentError(error, info),
  onRecoverableError: (error, info) => reportRecoverableError(error, info),
} satisfies RootOptions;
