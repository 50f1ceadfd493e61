const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab can reach inside a container, in document order. */
export function tabbableWithin(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (element) => !element.closest('[inert]') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Where Tab (or Shift+Tab) should go to stay inside a focus trap, or null to let the browser move focus.
 * It wraps from the last element to the first and back, and pulls focus in from outside.
 */
export function trappedFocusTarget(
  tabbables: readonly HTMLElement[],
  active: Element | null,
  backwards: boolean,
): HTMLElement | null {
  const first = tabbables[0];
  const last = tabbables[tabbables.length - 1];
  if (!first || !last) return null;
  const index = active ? tabbables.indexOf(active as HTMLElement) : -1;
  if (index === -1) return backwards ? last : first;
  if (backwards && index === 0) return last;
  if (!backwards && index === tabbables.length - 1) return first;
  return null;
}

/**
 * Locks page scrolling (SPEC §2 sheet). Returns the unlock. Nested locks are counted, so the page unlocks
 * only when the last one ends.
 */
let locks = 0;
let saved: { overflow: string; paddingRight: string } | null = null;
export function lockPageScroll(): () => void {
  const root = document.documentElement;
  if (locks === 0) {
    saved = { overflow: root.style.overflow, paddingRight: root.style.paddingRight };
    // Keeps the layout from shifting where the scrollbar disappears (desktop browsers).
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.overflow = 'hidden';
    if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0 && saved) {
      root.style.overflow = saved.overflow;
      root.style.paddingRight = saved.paddingRight;
      saved = null;
    }
  };
}

/** Makes everything outside `keep` inert (unreachable by focus, pointer and assistive technology). */
export function inertOutside(keep: HTMLElement): () => void {
  const changed: Element[] = [];
  for (const child of document.body.children) {
    if (child === keep || child.contains(keep) || child.hasAttribute('inert')) continue;
    child.setAttribute('inert', '');
    changed.push(child);
  }
  return () => {
    for (const element of changed) element.removeAttribute('inert');
  };
}
