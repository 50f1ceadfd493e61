import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { VideoList } from '@uplift/contracts';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';

interface VideoSectionProps {
  id: string;
  heading: string;
  query: UseQueryResult<VideoList>;
  /** Said when the list is empty. */
  empty: string;
  action?: ReactNode;
  /** Stands where the list will be while it loads, at its size (LoadingShapes.tsx). */
  loadingShape: ReactNode;
  children: (items: VideoList['items']) => ReactNode;
}

/**
 * One Home section over a video list, with its four states: loading, empty, offline (the content cache's
 * copy when there is one, else a plain note) and failed.
 */
export function VideoSection({
  id,
  heading,
  query,
  empty,
  action,
  loadingShape,
  children,
}: VideoSectionProps) {
  const online = useIsOnline();
  const items = query.data?.items;
  let body: ReactNode;
  if (items && items.length > 0) body = children(items);
  else if (items) body = <p className="text-slate-700">{empty}</p>;
  else if (!online) body = <p className="text-slate-700">{heading} will appear when you are back online.</p>;
  else if (query.isError) body = null;
  else
    body = (
      <>
        <p role="status" className="sr-only">
          Loading {heading.toLowerCase()}…
        </p>
        {loadingShape}
      </>
    );
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
          {heading}
        </h2>
        {action}
      </div>
      {items && !online ? (
        <p className="text-sm text-slate-600">Offline: showing the copy saved on this device.</p>
      ) : null}
      <LoadAlert className="text-slate-700">
        {!items && online && query.isError && `${heading} could not be loaded. Try again in a moment.`}
      </LoadAlert>
      {body}
    </section>
  );
}
