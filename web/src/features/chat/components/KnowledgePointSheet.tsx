import type { KnowledgePoint } from '@uplift/contracts';
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { Sheet } from '../../../ui/Sheet.tsx';
import { MarkdownText } from '../../../ui/MarkdownText.tsx';
import { Button } from '../../../ui/Button.tsx';

const topicLabels: Record<KnowledgePoint['topic'], string> = {
  careers: 'Careers',
  skills: 'Skills',
  'economic-impact': 'Economic impact',
  'using-uplift': 'Using Uplift',
};

export type KnowledgePointState =
  { status: 'pending' } | { status: 'error'; message: string } | { status: 'success'; point: KnowledgePoint };

interface KnowledgePointSheetProps {
  /** The citation's title: shown at once, before the point itself has loaded. */
  title: string | null;
  state: KnowledgePointState;
  onClose: () => void;
}

/** A cited knowledge point in a bottom sheet: title, topic, the body as Markdown and its source. */
export function KnowledgePointSheet({ title, state, onClose }: KnowledgePointSheetProps) {
  const bodyId = useId();
  const point = state.status === 'success' ? state.point : null;
  return (
    <Sheet open={title !== null} onClose={onClose} title={point?.title ?? title ?? ''} describedBy={bodyId}>
      <div id={bodyId} className="mt-2">
        {state.status === 'pending' && (
          <p role="status" className="py-6 text-slate-700">
            Loading the source…
          </p>
        )}
        {/* In the sheet from its first render, so the failure's words arrive in it and are said once
            (decision 0121); an alert put in with its words was not said at all. */}
        <LoadAlert className="rounded-xl border border-red-300 bg-red-50 p-3 font-medium text-red-800">
          {state.status === 'error' && state.message}
        </LoadAlert>
        {point && (
          <article className="space-y-4">
            <p>
              <span className="sr-only">Topic: </span>
              <span className="inline-flex rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-brand-800 uppercase">
                {topicLabels[point.topic]}
              </span>
            </p>
            <MarkdownText text={point.body} className="text-slate-800" />
            {point.sourceUrl && (
              <a
                href={point.sourceUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                Read the original source
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
          </article>
        )}
      </div>
      <Button block className="mt-5 mb-1" onClick={onClose}>
        Close
      </Button>
    </Sheet>
  );
}
