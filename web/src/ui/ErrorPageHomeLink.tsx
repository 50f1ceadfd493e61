import { House } from 'lucide-react';
import { Link } from 'react-router';
import { errorPagePrimaryAction } from './ErrorPage.tsx';

/** The error page's way home inside the router. */
export function ErrorPageHomeLink() {
  return (
    <Link to="/" className={errorPagePrimaryAction}>
      <House aria-hidden="true" className="size-5" />
      Go to Home
    </Link>
  );
}
