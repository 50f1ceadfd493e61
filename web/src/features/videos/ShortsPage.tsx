import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useIsOnline } from '../../lib/offline/index.ts';
import { LoadAlert } from '../../ui/LoadAlert.tsx';
import { topOverlayClearance } from '../../ui/toasts/topOverlays.ts';
import { useCurrentUser } from '../auth/index.ts';
import { shortsQueryOptions } from './api/getShorts.ts';
import { ShortItem } from './components/ShortItem.tsx';

/** A short counts as on screen once most of it is: then it plays and the one before pauses. */
const visibleShare = 0.6;

/**
 * `/shorts`: one short per screen, swiped vertically (scroll snapping), the one in view playing muted
 * until a tap turns the sound on. `?start=<id>` opens at that short; arrow and page keys move too.
 */
export default function ShortsPage() {
  const user = useCurrentUser();
  const online = useIsOnline();
  const [params] = useSearchParams();
  const shorts = useQuery(shortsQueryOptions(user?.id ?? null));
  const trackRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [muted, setMuted] = useState(true);
  const items = shorts.data?.items;
  // Nothing to show, online, and the load failed: an error, said in the alert below.
  const failed = !items && online && shorts.isError;
  const startId = params.get('start');

  // The start the track was last scrolled to. A refreshed list (new signed links, a changed count) must not
  // throw a member who has swiped on back to the start.
  const positionedAt = useRef<{ startId: string | null } | null>(null);

  useEffect(() => {
    const track = trackRef.current;
    if (!track || !items) return;
    if (positionedAt.current?.startId !== startId) {
      positionedAt.current = { startId };
      const startIndex = Math.max(
        0,
        items.findIndex((video) => video.id === startId),
      );
      const startCard = track.children[startIndex] as HTMLElement | undefined;
      if (startCard) track.scrollTo({ top: startCard.offsetTop });
      setActive(startIndex);
    }
    // The short most in view, once it is mostly in view. Not "the last one reported intersecting": a short
    // leaving the screen still intersects, and one batch can report it after the short coming in.
    const shares = new Map<Element, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) shares.set(entry.target, entry.intersectionRatio);
        const inView = [...track.children].map((card) => shares.get(card) ?? 0);
        const most = Math.max(...inView);
        if (most >= visibleShare) setActive(inView.indexOf(most));
      },
      { root: track, threshold: [0, visibleShare, 1] },
    );
    for (const child of track.children) observer.observe(child);
    return () => observer.disconnect();
  }, [items, startId]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowDown: 1, PageDown: 1, ArrowUp: -1, PageUp: -1 }[event.key];
    const track = trackRef.current;
    if (!step || !track || !items) return;
    event.preventDefault();
    const next = Math.min(items.length - 1, Math.max(0, active + step));
    (track.children[next] as HTMLElement).scrollIntoView({ block: 'start' });
  }

  return (
    // Fixed over the whole screen, out of the bare layout's padded flow: no white frame and nothing for the
    // page itself to scroll (the shorts scroll inside their track).
    <div className="fixed inset-0 bg-slate-950">
      <h1 className="sr-only">Shorts</h1>
      <Link
        to="/"
        style={{ top: topOverlayClearance }}
        className="absolute left-4 z-10 inline-flex min-h-11 items-center gap-2 rounded-full bg-slate-900/70 px-4 font-semibold text-white"
      >
        <ArrowLeft aria-hidden="true" className="size-5" /> Home
      </Link>
      {items && items.length > 0 ? (
        <div
          ref={trackRef}
          tabIndex={0}
          role="region"
          aria-label="Shorts: swipe up or use the arrow keys for the next one"
          onKeyDown={onKeyDown}
          className="h-full snap-y snap-mandatory overflow-y-auto overscroll-y-contain [scrollbar-width:none]"
        >
          {items.map((video, index) => (
            <ShortItem
              key={video.id}
              video={video}
              position={index}
              count={items.length}
              active={index === active}
              muted={muted}
              onToggleMute={() => setMuted((value) => !value)}
              signedIn={user !== null}
            />
          ))}
        </div>
      ) : failed ? null : (
        <p role="status" className="flex h-full items-center justify-center p-6 text-center text-white">
          {items
            ? 'No shorts yet. New ones appear here when they are published.'
            : !online
              ? 'Shorts need a connection the first time. Try again online.'
              : 'Loading shorts…'}
        </p>
      )}
      <LoadAlert className="flex h-full items-center justify-center p-6 text-center text-white">
        {failed && 'Shorts could not be loaded. Try again in a moment.'}
      </LoadAlert>
    </div>
  );
}
