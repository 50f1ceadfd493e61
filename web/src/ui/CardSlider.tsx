import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { clampSliderIndex, sliderIndexForKey, sliderIndexForScroll } from '../lib/slider/slider.ts';

interface CardSliderProps<T> {
  items: readonly T[];
  /** Names the carousel, e.g. "Featured journeys". */
  label: string;
  getKey: (item: T) => string;
  renderCard: (item: T, index: number) => ReactNode;
  /** Forces reduced motion on or off; by default it follows the system setting. */
  reducedMotion?: boolean;
  onIndexChange?: (index: number) => void;
}

function systemReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A horizontal card slider: native swipe with scroll snapping, previous and next buttons, and arrow, Home
 * and End keys on the focused track. With reduced motion, moves jump instead of gliding.
 */
export function CardSlider<T>({
  items,
  label,
  getKey,
  renderCard,
  reducedMotion,
  onIndexChange,
}: CardSliderProps<T>) {
  const trackRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef(0);
  // The card a button or key is gliding to: the scroll events on the way must not report the cards passed.
  const glidingToRef = useRef<number | null>(null);
  const [index, setIndex] = useState(0);
  const count = items.length;
  const onIndexChangeRef = useRef(onIndexChange);
  useEffect(() => {
    onIndexChangeRef.current = onIndexChange;
  });
  useEffect(() => () => cancelAnimationFrame(frameRef.current), []);

  function update(next: number) {
    setIndex((current) => {
      if (current !== next) onIndexChangeRef.current?.(next);
      return next;
    });
  }

  function stride(track: HTMLDivElement): number {
    const [first, second] = track.children as HTMLCollectionOf<HTMLElement>;
    if (!first) return 0;
    return second ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
  }

  function goTo(target: number) {
    const track = trackRef.current;
    const next = clampSliderIndex(target, count);
    const card = track?.children[next] as HTMLElement | undefined;
    update(next);
    if (!track || !card) return;
    glidingToRef.current = next;
    const first = track.children[0] as HTMLElement;
    track.scrollTo({
      left: card.offsetLeft - first.offsetLeft,
      behavior: (reducedMotion ?? systemReducedMotion()) ? 'auto' : 'smooth',
    });
  }

  function onScroll() {
    cancelAnimationFrame(frameRef.current);
    frameRef.current = requestAnimationFrame(() => {
      const track = trackRef.current;
      if (!track) return;
      const reached = sliderIndexForScroll(track.scrollLeft, stride(track), count);
      if (glidingToRef.current === null) update(reached);
      else if (reached === glidingToRef.current) glidingToRef.current = null;
    });
  }

  /**
   * Scrolling settled: whatever card is in place is the current one. A glide that another key or button
   * redirected also ends with a `scrollend` on its way; until the new target is reached, that one is ignored.
   */
  function onScrollEnd() {
    const track = trackRef.current;
    if (!track) return;
    const reached = sliderIndexForScroll(track.scrollLeft, stride(track), count);
    if (glidingToRef.current !== null && reached !== glidingToRef.current) return;
    glidingToRef.current = null;
    update(reached);
  }

  /** A pointer (finger, pen or mouse) or wheel on the track takes over from any glide: the swipe decides the card. */
  function releaseGlide() {
    glidingToRef.current = null;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = sliderIndexForKey(event.key, index, count);
    if (next === null) return;
    event.preventDefault();
    goTo(next);
  }

  const buttonClass =
    'flex size-11 items-center justify-center rounded-full bg-white text-slate-800 shadow-sm ring-1 ring-slate-200 transition-colors hover:bg-slate-50 disabled:opacity-40 disabled:hover:bg-white';

  return (
    <section aria-roledescription="carousel" aria-label={label} className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <p aria-live="polite" className="text-sm font-medium text-slate-700">
          {count === 0 ? 'No cards' : `Card ${index + 1} of ${count}`}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            aria-label="Previous card"
            className={buttonClass}
            disabled={index === 0}
            onClick={() => goTo(index - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            aria-label="Next card"
            className={buttonClass}
            disabled={index >= count - 1}
            onClick={() => goTo(index + 1)}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      <div
        ref={trackRef}
        role="group"
        // Focusable so keyboard users can scroll it and use the arrow keys.
        tabIndex={0}
        aria-label={`${label}: use the arrow keys to move between cards`}
        onKeyDown={onKeyDown}
        onScroll={onScroll}
        onScrollEnd={onScrollEnd}
        onPointerDown={releaseGlide}
        onWheel={releaseGlide}
        data-reduced-motion={(reducedMotion ?? false) || undefined}
        className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto overscroll-x-contain scroll-px-4 px-4 pb-2 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {items.map((item, position) => (
          <div
            key={getKey(item)}
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${count}`}
            className="w-[82%] max-w-xs shrink-0 snap-start"
          >
            {renderCard(item, position)}
          </div>
        ))}
      </div>
      <div className="flex flex-wrap justify-center" role="group" aria-label="Choose a card">
        {items.map((item, position) => (
          <button
            key={getKey(item)}
            type="button"
            aria-label={`Go to card ${position + 1}`}
            aria-current={position === index ? 'true' : undefined}
            onClick={() => goTo(position)}
            className="flex size-11 items-center justify-center"
          >
            <span
              aria-hidden="true"
              className={`block h-2 rounded-full transition-all ${position === index ? 'w-5 bg-brand-600' : 'w-2 bg-slate-300'}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
