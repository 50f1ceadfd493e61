import { Link } from 'react-router';

export function HomeLink() {
  return (
    <Link
      to="/"
      className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
    >
      Go to Home
    </Link>
  );
}
