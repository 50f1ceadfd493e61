import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { useIsOnline } from '../lib/offline/index.ts';
import { isChunkLoadError, reloadOnceForNewVersion } from '../lib/updates/chunkRecovery.ts';
import { ErrorPage } from '../ui/ErrorPage.tsx';
import { ErrorPageHomeLink } from '../ui/ErrorPageHomeLink.tsx';
import { appCrashCopy } from './crashCopy.ts';
import { Main } from './layouts/Main.tsx';
import { RouteLoading } from './RouteLoading.tsx';

/**
 * The router's error boundary. It replaces the whole shell, so it brings its own landmark. Three causes,
 * three messages: a 404 or other response, a screen whose code could not be downloaded (online, after a
 * new deployment, the page reloads once to the new version; after that, or offline, the connection is the
 * likely cause),
 * and a fault in the app itself, which says so and offers a reload.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const online = useIsOnline();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Main layout="none" className="min-h-dvh pb-safe">
        <ErrorPage
          statusCode={404}
          message={`Page not found: ${pathname}`}
          homeAction={<ErrorPageHomeLink />}
        />
      </Main>
    );
  }
  // Offline the code is simply out of reach: a reload would only trade this page for the browser's own.
  if (isChunkLoadError(error) && online && reloadOnceForNewVersion(`${pathname}${search}${hash}`)) {
    return <RouteLoading />;
  }
  const crash = !isRouteErrorResponse(error) && !isChunkLoadError(error);
  return (
    <Main layout="none" className="min-h-dvh pb-safe">
      {crash ? (
        <ErrorPage
          showStatusCode={false}
          message={appCrashCopy.message}
          details={appCrashCopy.details}
          retryLabel={appCrashCopy.retryLabel}
          onRetry={() => window.location.reload()}
          homeAction={<ErrorPageHomeLink />}
        />
      ) : (
        <ErrorPage
          statusCode={isRouteErrorResponse(error) ? error.status : 500}
          details="This screen could not be loaded. Check your connection and try again."
          onRetry={() => void navigate(0)}
          homeAction={<ErrorPageHomeLink />}
        />
      )}
    </Main>
  );
}
