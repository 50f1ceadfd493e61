import { useLocation } from 'react-router';
import { HomeLink } from '../../ui/HomeLink.tsx';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="space-y-3 py-6">
      <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">
        {`Page not found: ${pathname}`}
      </h1>
      <p className="text-slate-700">There is nothing at this address.</p>
      <HomeLink />
    </section>
  );
}
