import { useLocation } from 'react-router';
import { ErrorPage } from '../../ui/ErrorPage.tsx';
import { ErrorPageHomeLink } from '../../ui/ErrorPageHomeLink.tsx';

/** SPEC §2: unknown routes show the 404 error page with the text "Page not found: {path}". */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <ErrorPage statusCode={404} message={`Page not found: ${pathname}`} homeAction={<ErrorPageHomeLink />} />
  );
}
