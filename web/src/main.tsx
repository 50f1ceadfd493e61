import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { startFromFirstReads } from './app/firstReads.ts';
import { queryClient } from './app/queryClient.ts';
import { RootErrorBoundary } from './app/RootErrorBoundary.tsx';
import { rootOptions } from './app/rootOptions.ts';
import { createAppRoutes } from './app/routes.tsx';
import { authStore, startAuth } from './features/auth/index.ts';
import { startNativePush } from './features/notifications/index.ts';
import { nextTask } from './lib/dom/nextTask.ts';
import { reportMountFailure } from './lib/errors/index.ts';
import { prepareDateFormatsFor } from './lib/format/dateTime.ts';
import { styleNativeStatusBar } from './lib/native/statusBar.ts';
import { clearOfflineContent, startOffline } from './lib/offline/index.ts';
import { OfflineIndicator } from './ui/OfflineIndicator.tsx';
import { ShellOverlays } from './ui/ShellOverlays.tsx';
import { buildStepwise } from './ui/stepwise/stepwiseBuild.ts';
import './styles.css';

// Before the first render, so a restored user is already signed in when the guards first look.
startAuth();

// Connectivity, the offline queue and content cache, error reporting, the service worker (SPEC §4, §7-§9).
startOffline({ queryClient, currentUserId: () => authStore.getState().user?.id ?? null });
// SPEC §7: the shells' status bar (nothing on the web).
void styleNativeStatusBar();
// A visitor's page may come with its first reads (decision 0035): the live page starts from them.
startFromFirstReads(queryClient);
authStore.subscribe((state, previous) => {
  // Cached content belonged to the session that ended (or to the user who was signed in before).
  if (previous.user && state.user?.id !== previous.user.id) clearOfflineContent();
});

/**
 * A visitor's page may come drawn from the HTML (decision 0035). It stays on screen until the router has
 * the page's code, and is then swapped for the live page in one frame: no blank, no loading line between.
 */
function whenRouterReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

type AppRouter = ReturnType<typeof createBrowserRouter>;

function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <RootErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <ShellOverlays />
          <OfflineIndicator />
        </QueryClientProvider>
      </RootErrorBoundary>
    </StrictMode>
  );
}

/**
 * The live page is built behind the picture, hidden and inert but laid out at the screen's width (so what
 * measures itself measures right), in several tasks (`buildStepwise`); then the picture goes and the page
 * shows, in one frame.
 */
async function replacePicture(container: HTMLElement, picture: Element, router: AppRouter) {
  await whenRouterReady(router);
  const live = document.createElement('div');
  live.inert = true;
  // Hidden from assistive technology as the picture is; a part that sets its own visibility (the bottom
  // bar) shows through, where the picture draws the same thing.
  live.setAttribute('aria-hidden', 'true');
  live.style.cssText = 'position:absolute;top:0;left:0;width:100%;visibility:hidden';
  container.append(live);
  const root = createRoot(live, rootOptions);
  // The first render is synchronous (flushSync), so the stepwise build can count the parts it put off.
  await buildStepwise(() => flushSync(() => root.render(<App router={router} />)));
  picture.remove();
  live.removeAttribute('style');
  live.removeAttribute('aria-hidden');
  live.inert = false;
}

async function mount() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // The app's modules were evaluated in this task. The router matches the page and starts its code and
  // reads in the next: together they were one long task on a phone (decision 0035).
  await nextTask();
  const router = createBrowserRouter(createAppRoutes());
  // SPEC §7: in the shells, a tapped push opens its deep link (nothing on the web, where the worker does it).
  startNativePush((path) => void router.navigate(path));
  const picture = container.querySelector('[data-prerendered]');
  // Before the first render that shows a date rather than inside it.
  prepareDateFormatsFor(picture);
  if (picture) await replacePicture(container, picture, router);
  else createRoot(container, rootOptions).render(<App router={router} />);
}

mount().catch((error: unknown) => {
  // SPEC §8: "Error while mounting app".
  reportMountFailure(error);
  throw error;
});
