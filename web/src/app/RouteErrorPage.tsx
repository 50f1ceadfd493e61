import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorPage } from '../ui/ErrorPage.tsx';
import { ErrorPageHomeLink } from '../ui/ErrorPageHomeLink.tsx';
import { Main } from './layouts/Main.tsx';

/**
 * The router's error boundary: a route that fails to render or load (e.g. a page chunk that could not be
 * downloaded) lands on SPEC's full-screen error page. It replaces the whole shell, so it brings its own
 * landmark.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Main layout="none" className="min-h-dvh pb-safe">
      {status === 404 ? (
        <ErrorPage
          statusCode={404}
          message={`Page not found: ${pathname}`}
          homeAction={<ErrorPageHomeLink />}
        />
      ) : (
        <ErrorPage
          statusCode={status}
          details="This screen could not be shown. Check your connection and try again."
          onRetry={() => void navigate(0)}
          homeAction={<ErrorPageHomeLink />}
        />
      )}
    </Main>
  );
}
