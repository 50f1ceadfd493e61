// First: zod must find its settings before it loads (lib/security/zodWithoutEval.ts).
import './lib/security/zodWithoutEval.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppFrame } from './app/AppFrame.tsx';
import { startFromFirstReads } from './app/firstReads.ts';
import { queryClient } from './app/queryClient.ts';
import { rootOptions } from './app/rootOptions.ts';
import { createAppRoutes } from './app/routes.tsx';
import { authStore, startAuth } from './features/auth/index.ts';
import { startNativePush } from './features/notifications/index.ts';
import { nextTask } from './lib/dom/nextTask.ts';
import { reportMountFailure } from './lib/errors/index.ts';
import { prepareDateFormatsFor } from './lib/format/dateTime.ts';
import { followInAppBrowserReturns } from './lib/native/browser.ts';
import { styleNativeStatusBar } from './lib/native/statusBar.ts';
import { clearOfflineContent, startOffline } from './lib/offline/index.ts';
import { followSystemTheme } from './lib/theme/index.ts';
import './styles.css';

// Before the first render, so a restored user is already signed in when the guards first look.
startAuth();

// Connectivity, the offline queue and content cache, error reporting, the service worker (SPEC §4, §7-§9).
startOffline({ queryClient, currentUserId: () => authStore.getState().user?.id ?? null });
// SPEC §7: the shells' status bar (nothing on the web), SPEC's dark bar in either theme (decision 0078).
void styleNativeStatusBar();
// The theme follows the device while no choice is made.
followSystemTheme();
// A visitor's page may come with its first reads (decision 0035): the live page starts from them.
startFromFirstReads(queryClient);
authStore.subscribe((state, previous) => {
  // Cached content belonged to the session that ended (or to the user who was signed in before).
  if (previous.user && state.user?.id !== previous.user.id) clearOfflineContent();
  if (state.user && state.user.id !== previous.user?.id) followMemberPreferences(state.user.id);
});

/**
 * The member's theme and haptics from the server (features/profile), after the first screen: its code and
 * schemas load apart, so the first screen carries none of it.
 */
function followMemberPreferences(userId: string) {
  void nextTask().then(async () => {
    const profile = await import('./features/profile/index.ts');
    profile.followMemberPreferences(queryClient, userId);
  });
}
const restoredUser = authStore.getState().user;
if (restoredUser) followMemberPreferences(restoredUser.id);

/**
 * A visitor's page may come drawn from the HTML (decision 0035). It stays as it is until the router has the
 * page's code; React then hydrates it (decision 0067): the drawn nodes become the live page's own, so the
 * browser builds and lays out nothing again.
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

function App({ router, onShown }: { router: AppRouter; onShown?: () => void }) {
  return (
    <AppFrame queryClient={queryClient} onShown={onShown}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}

/**
 * The drawn page becomes live where it is. Until hydration has committed it stays inert and hidden from
 * assistive technology, as drawn (a tap must not land on a control with no handler yet); then it is the
 * page. Hydration runs as a transition, so React yields to the browser every few milliseconds instead of
 * hydrating the page in one long task, and a tap that lands meanwhile is answered between slices.
 */
async function hydratePicture(picture: HTMLElement, router: AppRouter) {
  await whenRouterReady(router);
  const shown = () => {
    picture.removeAttribute('data-prerendered');
    picture.removeAttribute('aria-hidden');
    picture.inert = false;
  };
  startTransition(() => {
    hydrateRoot(picture, <App router={router} onShown={shown} />, rootOptions);
  });
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
  // SPEC §7: a member back from a partner's site through a link lands there, and the in-app browser closes.
  followInAppBrowserReturns((path) => void router.navigate(path));
  const picture = container.querySelector<HTMLElement>('[data-prerendered]');
  // Before the first render that shows a date rather than inside it.
  prepareDateFormatsFor(picture);
  if (picture) await hydratePicture(picture, router);
  else createRoot(container, rootOptions).render(<App router={router} />);
}

mount().catch((error: unknown) => {
  // SPEC §8: "Error while mounting app".
  reportMountFailure(error);
  throw error;
});
