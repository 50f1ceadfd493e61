import { useId } from 'react';

interface NotificationPreviewProps {
  title: string;
  body: string;
  /** The in-app path it opens, when one is set and valid. */
  link: string | null;
}

/**
 * What members will see, drawn as they type: the push on a phone's lock screen (cut where a phone cuts it)
 * and the card in the app's notification centre.
 */
export function NotificationPreview({ title, body, link }: NotificationPreviewProps) {
  const headingId = useId();
  const pushId = useId();
  const cardId = useId();
  const shownTitle = title.trim() || 'Your title';
  const shownBody = body.trim() || 'Your message';
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-medium text-slate-900">
        Preview
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <figure aria-labelledby={pushId} className="min-w-0 space-y-1">
          <figcaption id={pushId} className="text-xs text-slate-700">
            Push notification
          </figcaption>
          <div className="flex min-w-0 gap-2 rounded-2xl bg-slate-800 p-3 text-white">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-700 font-bold"
            >
              U
            </span>
            <div className="min-w-0">
              <p className="text-xs text-slate-200">Uplift · now</p>
              <p className="truncate text-sm font-semibold">{shownTitle}</p>
              <p className="line-clamp-2 text-sm break-words text-slate-100">{shownBody}</p>
            </div>
          </div>
        </figure>
        <figure aria-labelledby={cardId} className="min-w-0 space-y-1">
          <figcaption id={cardId} className="text-xs text-slate-700">
            In the app’s notification centre
          </figcaption>
          <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-3">
            <p className="font-semibold break-words text-slate-900">{shownTitle}</p>
            <p className="text-sm break-words whitespace-pre-line text-slate-800">{shownBody}</p>
            <p className="mt-1 text-sm break-all text-slate-700">
              {link ? `Opens ${link}` : 'Opens nothing: no link'}
            </p>
          </div>
        </figure>
      </div>
    </section>
  );
}
