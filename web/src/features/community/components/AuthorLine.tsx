import type { CommunityAuthor } from '@uplift/contracts';
import { useHydrated } from '../../../lib/dom/useHydrated.ts';
import { formatMoment, formatMomentAsDrawn } from '../../../lib/format/dateTime.ts';

/** Avatar, name ("Former member" once the account is gone), and when it was written. */
export function AuthorLine({ author, at, extra }: { author: CommunityAuthor; at: string; extra?: string }) {
  // A drawn feed shows the moment in UTC until the reader's browser writes it in their own zone.
  const hydrated = useHydrated();
  const initial = author.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <div className="flex items-center gap-2 text-sm">
      {author.avatarUrl ? (
        <img src={author.avatarUrl} alt="" className="size-9 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-9 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800"
        >
          {initial}
        </span>
      )}
      <span className="min-w-0">
        <span className="block truncate font-semibold text-slate-900">{author.name}</span>
        <span className="block text-slate-700">
          <time dateTime={at}>
            {hydrated ? formatMoment(at, 'dateTime') : formatMomentAsDrawn(at, 'dateTime')}
          </time>
          {extra ? ` · ${extra}` : ''}
        </span>
      </span>
    </div>
  );
}
