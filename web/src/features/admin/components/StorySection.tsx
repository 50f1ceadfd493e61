import { useQuery } from '@tanstack/react-query';
import type { MemberStoryPage, MemberStorySection } from '@uplift/contracts';
import { useId, useState, type ReactNode } from 'react';
import { memberStoryPageQueryOptions } from '../api/getMemberStory.ts';
import { Button } from '../../../ui/Button.tsx';

interface StorySectionProps<S extends MemberStorySection> {
  userId: string;
  section: S;
  title: string;
  /** The first page, which came with the story. */
  first: MemberStoryPage<S>;
  /** What to say when there is nothing: "No posts yet." */
  empty: string;
  renderItem: (item: MemberStoryPage<S>['items'][number]) => ReactNode;
}

/** One part of a member's story: its count in the heading, its rows, and newer/older pages when it has more. */
export function StorySection<S extends MemberStorySection>({
  userId,
  section,
  title,
  first,
  empty,
  renderItem,
}: StorySectionProps<S>) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const later = useQuery({ ...memberStoryPageQueryOptions(userId, section, page), enabled: page > 1 });
  const shown = page === 1 ? first : later.data;
  const pages = Math.max(1, Math.ceil(first.total / first.pageSize));
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {`${title} (${first.total})`}
      </h2>
      {first.total === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : !shown ? (
        <p role={later.isError ? 'alert' : 'status'} className="text-slate-700">
          {later.isError ? later.error.message : 'Loading…'}
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-slate-100">
          {shown.items.map((item) => (
            <li key={item.id} className="py-2 text-sm break-words text-slate-800">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Newer ${title.toLowerCase()}`}
            disabled={page === 1}
            onClick={() => setPage(page - 1)}
          >
            Newer
          </Button>
          <span className="text-sm text-slate-700" aria-live="polite">{`Page ${page} of ${pages}`}</span>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Older ${title.toLowerCase()}`}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Older
          </Button>
        </div>
      ) : null}
    </section>
  );
}
