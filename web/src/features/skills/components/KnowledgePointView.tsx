import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { knowledgePointSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { MarkdownText } from '../../../ui/MarkdownText.tsx';

/** A recommended knowledge point, opened in place (`/skills?knowledge=<slug>`). */
export function KnowledgePointView({ slug }: { slug: string }) {
  const point = useQuery({
    queryKey: ['knowledge-points', slug],
    queryFn: ({ signal }) =>
      http.get(`/knowledge-points/${encodeURIComponent(slug)}`, { schema: knowledgePointSchema, signal }),
  });
  return (
    <article aria-labelledby="knowledge-title" className="space-y-3 rounded-2xl bg-brand-50 p-4">
      {point.isPending && <p className="text-slate-700">Loading…</p>}
      <LoadAlert>{point.isError && 'This knowledge point could not be loaded.'}</LoadAlert>
      {point.data && (
        <>
          <h2 id="knowledge-title" className="text-xl font-semibold text-slate-900">
            {point.data.title}
          </h2>
          <MarkdownText text={point.data.body} className="text-slate-800" />
        </>
      )}
      <Link to="/skills" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
        Back to skills
      </Link>
    </article>
  );
}
