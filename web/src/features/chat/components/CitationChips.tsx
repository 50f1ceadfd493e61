import type { Citation, CitationKind } from '@uplift/contracts';
import { BookOpen, ChartColumn, ClipboardCheck, Handshake, PlayCircle, type LucideIcon } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';

interface CitationChipsProps {
  citations: readonly Citation[];
  onOpen: (citation: Citation) => void;
}

const icons: Record<CitationKind, LucideIcon> = {
  knowledge: BookOpen,
  partner: Handshake,
  video: PlayCircle,
  assessment: ClipboardCheck,
  results: ChartColumn,
};

const chipClass =
  'inline-flex min-h-11 max-w-full items-center gap-1.5 rounded-2xl border border-brand-100 bg-brand-50 px-3 py-1.5 text-left text-sm font-medium text-brand-800 hover:border-brand-600 hover:bg-white';

/**
 * The sources of an answer as "[n] Title" chips: a knowledge point opens in the chat; a partner, video,
 * assessment or the member's results opens its own screen (issue 41.3). Memoised: they stay the same while
 * the answer's text streams in.
 */
export const CitationChips = memo(function CitationChips({ citations, onOpen }: CitationChipsProps) {
  if (citations.length === 0) return null;
  return (
    <div className="mt-3">
      {/* One source a line, its whole title wrapping: a cut-off title cannot be told from another. */}
      <ul className="flex flex-col items-start gap-2" aria-label="Sources">
        {citations.map((citation) => {
          const Icon = icons[citation.kind ?? 'knowledge'];
          const label = (
            <>
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span className="min-w-0 break-words">
                [{citation.index}] {citation.title}
              </span>
            </>
          );
          return (
            <li key={citation.index} className="max-w-full">
              {citation.href && citation.kind !== 'knowledge' ? (
                <Link to={citation.href} className={chipClass}>
                  {label}
                </Link>
              ) : (
                // eslint-disable-next-line no-restricted-syntax -- a citation chip, drawn the same as its sibling link chips
                <button type="button" onClick={() => onOpen(citation)} className={chipClass}>
                  {label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
});
