import { usePageMeta } from '../lib/pageMeta.ts';
import { HomeLink } from './HomeLink.tsx';

/** Stands in for a screen that a later issue builds; title and description come from the route table. */
export function PlaceholderPage() {
  const { title, description } = usePageMeta();
  return (
    <section className="space-y-3 py-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {description && <p className="text-slate-700">{description}</p>}
      <p className="text-slate-700">This page is not built yet.</p>
      <HomeLink />
    </section>
  );
}
