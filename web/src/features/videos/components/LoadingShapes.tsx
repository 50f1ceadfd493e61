/**
 * The shapes a Home video section takes while its list loads: the size of what comes, so nothing below
 * jumps when it arrives (a layout shift a reader sees), and sections further down sit where they will be
 * (RenderWhenNear then leaves them until the reader heads there). Grey blocks only: the section's status
 * line says in words that it is loading.
 */

const block = 'rounded-2xl bg-slate-200 motion-safe:animate-pulse';

/** The card slider's header row, one card (poster and text) and its row of dots. */
export function FeaturedLoadingShape() {
  return (
    <div aria-hidden="true" className="space-y-3">
      <div className="h-11" />
      <div className="w-[82%] max-w-xs pb-2">
        <div className={`aspect-video ${block}`} />
        <div className="h-24" />
      </div>
      <div className="h-11" />
    </div>
  );
}

/** A row of portrait posters with their titles. */
export function ShortsLoadingShape() {
  return (
    <div aria-hidden="true" className="flex gap-3 overflow-hidden pb-2">
      {[0, 1, 2].map((slot) => (
        <div key={slot} className="w-32 shrink-0 space-y-1">
          <div className={`aspect-[9/16] ${block}`} />
          <div className="h-14" />
        </div>
      ))}
    </div>
  );
}

/** One card of the grid (the member's list may be longer or empty: one is the likeliest first row). */
export function CardGridLoadingShape() {
  return (
    <div aria-hidden="true" className="grid gap-3 sm:grid-cols-2">
      <div>
        <div className={`aspect-video ${block}`} />
        <div className="h-24" />
      </div>
    </div>
  );
}
