import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { inertOutside, lockPageScroll, tabbableWithin, trappedFocusTarget } from '../lib/dom/focus.ts';

interface SheetProps {
  open: boolean;
  onClose: () => void;
  /** The heading text; it names the dialog. */
  title: ReactNode;
  /** Beside the title, e.g. a badge. */
  titleAside?: ReactNode;
  /** Names the element that describes the dialog (an id inside `children`). */
  describedBy?: string;
  /**
   * Pointer presses and clicks are ignored this long after opening: the finger that opened the sheet with a
   * long press is still coming up, and must not tap whatever the sheet put under it (SPEC §9 suppression).
   */
  ignorePointerMs?: number;
  children: ReactNode;
}

function msSince(time: number): number {
  return Date.now() - time;
}

/**
 * A modal bottom sheet: a labelled dialog that traps focus, closes on Escape and on the backdrop, locks
 * page scrolling, makes the page behind inert, and gives focus back to where it was when it closes.
 */
export function Sheet({
  open,
  onClose,
  title,
  titleAside,
  describedBy,
  ignorePointerMs = 0,
  children,
}: SheetProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const openedAtRef = useRef(-Infinity);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // A layout effect: the page is locked, inert and focus moved in the commit that shows the sheet, and
  // all given back in the one that removes it, never a frame later.
  useLayoutEffect(() => {
    if (!open) return;
    openedAtRef.current = Date.now();
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockPageScroll();
    const restoreInert = hostRef.current ? inertOutside(hostRef.current) : () => undefined;
    const panel = panelRef.current;
    if (panel) (tabbableWithin(panel)[0] ?? panel).focus();

    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      restoreInert();
      unlock();
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, [open]);

  function trapTab(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const target = trappedFocusTarget(
      tabbableWithin(panelRef.current),
      document.activeElement,
      event.shiftKey,
    );
    if (target) {
      event.preventDefault();
      target.focus();
    }
  }

  function swallowEarlyPointer(event: SyntheticEvent) {
    if (msSince(openedAtRef.current) < ignorePointerMs) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  if (!open) return null;
  return createPortal(
    <div
      ref={hostRef}
      className="fixed inset-0 z-50 flex items-end justify-center"
      onPointerDownCapture={swallowEarlyPointer}
      onMouseDownCapture={swallowEarlyPointer}
      onClickCapture={swallowEarlyPointer}
    >
      {/* Pointer convenience only: keyboard users have Escape and the Close button. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-slate-950/55 backdrop-blur-[2px] motion-safe:animate-fade-in"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={trapTab}
        className="relative flex max-h-[88dvh] w-full max-w-lg flex-col overflow-y-auto overscroll-contain rounded-t-[28px] bg-white px-5 pt-3 pb-safe shadow-2xl outline-none motion-safe:animate-sheet-up"
      >
        <div aria-hidden="true" className="mx-auto mb-3 h-1.5 w-10 shrink-0 rounded-full bg-slate-300" />
        <div className="flex items-center gap-2">
          <h2 id={titleId} className="text-xl font-bold tracking-tight text-slate-900">
            {title}
          </h2>
          {titleAside}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
