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
/** Where a button or key sent the track: the card, and the scroll position that shows it. */
interface Glide {
  index: number;
  left: number;
  /** Whether the glide was asked for once more after settling short of its card. */
  retried: boolean;
}

// Half a CSS pixel either way: scroll positions are fractional on high-density screens, offsets are not.
const ARRIVAL_TOLERANCE_PX = 1.5;

const scrollEndSupported = typeof window !== 'undefined' && 'onscrollend' in window;

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
  // While a button or key moves the track, the scroll events on the way must not report the cards passed.
  const glideRef = useRef<Glide | null>(null);
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

  function scrollBehavior(): ScrollBehavior {
    return (reducedMotion ?? systemReducedMotion()) ? 'auto' : 'smooth';
  }

  function arrived(track: HTMLDivElement, glide: Glide): boolean {
    return Math.abs(track.scrollLeft - glide.left) <= ARRIVAL_TOLERANCE_PX;
  }

  function goTo(target: number) {
    const track = trackRef.current;
    const next = clampSliderIndex(target, count);
    const card = track?.children[next] as HTMLElement | undefined;
    update(next);
    if (!track || !card) return;
    const first = track.children[0] as HTMLElement;
    // The last cards may sit past the furthest the track scrolls; the end of the track shows them.
    const left = Math.min(card.offsetLeft - first.offsetLeft, track.scrollWidth - track.clientWidth);
    const glide = { index: next, left, retried: false };
    if (arrived(track, glide)) {
      glideRef.current = null;
      return;
    }
    glideRef.current = glide;
    track.scrollTo({ left, behavior: scrollBehavior() });
  }

  function onScroll() {
    cancelAnimationFrame(frameRef.current);
    frameRef.current = requestAnimationFrame(() => {
      const track = trackRef.current;
      if (!track) return;
      const glide = glideRef.current;
      if (glide === null) update(sliderIndexForScroll(track.scrollLeft, stride(track), count));
      // Without `scrollend` (older WebKit), reaching the position is the only sign the glide is over.
      else if (!scrollEndSupported && arrived(track, glide)) glideRef.current = null;
    });
  }

  /**
   * Scrolling settled. A glide is over only once it settles on its card: one a later key or button
   * redirected settles on the way, and a browser's smooth scroll can outlive the jump that replaced it
   * (seen under load). Either way the track is sent once more; after that, where it settles is the card.
   */
  function onScrollEnd() {
    const track = trackRef.current;
    if (!track) return;
    const glide = glideRef.current;
    if (glide && arrived(track, glide)) {
      glideRef.current = null;
      update(glide.index);
    } else if (glide && !glide.retried) {
      glide.retried = true;
      track.scrollTo({ left: glide.left, behavior: scrollBehavior() });
    } else {
      glideRef.current = null;
      update(sliderIndexForScroll(track.scrollLeft, stride(track), count));
    }
  }

  /** A pointer (finger, pen or mouse) or wheel on the track takes over from any glide: the swipe decides the card. */
  function releaseGlide() {
    glideRef.current = null;
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
