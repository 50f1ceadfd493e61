import { useLayoutEffect, useState, type RefObject } from 'react';

/** How the bar sets its tab labels: in full, in tighter type, or by their short forms in tighter type. */
export type LabelFit = 'full' | 'tight' | 'short';
const steps: readonly LabelFit[] = ['full', 'tight', 'short'];

/**
 * The first setting, from `start`, at which no tab label in the list is cut short. A long label
 * ("Community") on a narrow phone, or in the heavier type of the active tab, would otherwise end in an
 * ellipsis. The labels are the list's `data-tab-label` elements, checked after layout and before paint
 * whenever `layoutKey` (what their room depends on: the bar's width, the tabs, the active one) changes.
 * Where nothing can be measured (no layout) it keeps `start`.
 */
export function useLabelFit(
  listRef: RefObject<HTMLElement | null>,
  start: LabelFit,
  layoutKey: string,
): LabelFit {
  const [state, setState] = useState({ layoutKey, fit: start });
  // A new layout starts again from the fullest setting it allows (a turned phone has room again).
  const current = state.layoutKey === layoutKey ? state : { layoutKey, fit: start };
  if (current !== state) setState(current);

  useLayoutEffect(() => {
    const labels = listRef.current?.querySelectorAll<HTMLElement>('[data-tab-label]') ?? [];
    const cutShort = [...labels].some((label) => label.scrollWidth > label.clientWidth);
    const next = steps[steps.indexOf(current.fit) + 1];
    if (cutShort && next) setState({ layoutKey: current.layoutKey, fit: next });
  }, [listRef, current.layoutKey, current.fit]);

  return current.fit;
}
