import { Ellipsis } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import {
  createTabGestureRecognizer,
  type GesturePoint,
  type TabGestureRecognizer,
} from '../../lib/gestures/tabGestures.ts';
import type { SafeAreaInsets } from '../../lib/navigation/layout.ts';
import { tabsThatFit, tabWidthFractions } from '../../lib/navigation/layout.ts';
import { showsBadge, type NavigationItem, type TabId } from '../../lib/navigation/tabs.ts';
import { AppIcon } from '../icons.tsx';
import { MoreTabs } from './MoreTabs.tsx';
import { TabAvatar } from './TabAvatar.tsx';
import { useContentWidth } from './useContentWidth.ts';
import { useLabelFit } from './useLabelFit.ts';

export interface BottomNavigationBarProps {
  tabs: readonly NavigationItem[];
  /** The highlighted tab. */
  activeId: TabId;
  /** The tab the current route belongs to, if any (it is the page, not only the highlight). */
  routeTabId: TabId | null;
  hrefFor: (id: TabId) => string;
  visible: boolean;
  /** Distance from the bottom edge in px (SPEC: 24 plus the keyboard, plus the safe area). */
  bottomOffset: number;
  insets: SafeAreaInsets;
  onSelect: (id: TabId) => void;
  onDoubleTap: (id: TabId) => void;
  /** `suppressTapsMs` is 0 when the keyboard opened it. */
  onLongPress: (id: TabId, suppressTapsMs: number) => void;
  onPreviewChange?: (id: TabId | null) => void;
  /** The signed-in member's photo, shown on the profile tab in place of its icon. */
  avatarUrl?: string | null;
}

/** The "More" tab's id: the tabs that do not fit 44 px each open from it (decision 0080). */
const moreId = 'more';
type BarItemId = TabId | typeof moreId;

/** A click this soon after a pointer gesture on the bar is that gesture's own click, already handled. */
const gestureClickWindowMs = 1000;
/** The drag keeps its preview while the finger strays this far above or below the bar. */
const verticalSlopPx = 24;

/**
 * SPEC §2 bottom navigation bar. Pointer input goes through the gesture recogniser (tap, double tap, long
 * press, drag preview); keyboard and assistive technology activate the links as usual, and the context
 * menu key (or Shift+F10) opens a tab's extended sheet as a long press would.
 */
export function BottomNavigationBar(props: BottomNavigationBarProps) {
  const { tabs, activeId, routeTabId, hrefFor, visible, bottomOffset, insets, avatarUrl } = props;
  const listRef = useRef<HTMLUListElement>(null);
  const barWidth = useContentWidth(listRef);
  const { shown, folded } = tabsThatFit(tabs, barWidth);
  const [moreOpen, setMoreOpen] = useState(false);
  const moreMenuId = useId();
  const recognizerRef = useRef<TabGestureRecognizer | null>(null);
  const lastGestureAtRef = useRef(-Infinity);
  const propsRef = useRef(props);
  const [preview, setPreview] = useState<BarItemId | null>(null);
  // The tab a keyboard user is on: its full name shows in the bubble, as it does during a drag.
  const [focused, setFocused] = useState<BarItemId | null>(null);
  const bubbleId = useId();
  const itemCount = shown.length + (folded.length > 0 ? 1 : 0);
  const widths = tabWidthFractions(itemCount);
  // Seven tabs start from the short labels; fewer start in full and step down only where a label would be
  // cut short (a narrow phone, the active tab's heavier type).
  const labelFit = useLabelFit(
    listRef,
    itemCount > 5 ? 'short' : 'full',
    `${barWidth}|${activeId}|${shown.map((tab) => tab.id).join()}`,
  );
  const shownRef = useRef(shown);

  useEffect(() => {
    propsRef.current = props;
    shownRef.current = shown;
  });
  // Room for every tab again (a turned phone), or a choice made: the folded list has nothing to show.
  if (moreOpen && folded.length === 0) setMoreOpen(false);
  useEffect(() => () => recognizerRef.current?.dispose(), []);

  function tabAt(point: GesturePoint): BarItemId | null {
    const list = listRef.current;
    if (!list) return null;
    const bar = list.getBoundingClientRect();
    if (point.y < bar.top - verticalSlopPx || point.y > bar.bottom + verticalSlopPx) return null;
    const items = [...list.children];
    const index = items.findIndex((item) => {
      const rect = item.getBoundingClientRect();
      return point.x >= rect.left && point.x < rect.right;
    });
    if (index === -1) return null;
    return shownRef.current[index]?.id ?? moreId;
  }

  function choose(id: BarItemId) {
    if (id === moreId) {
      setMoreOpen((open) => !open);
      return;
    }
    setMoreOpen(false);
    propsRef.current.onSelect(id);
  }

  function recognizer(): TabGestureRecognizer {
    recognizerRef.current ??= createTabGestureRecognizer<BarItemId>({
      tabAt,
      onTap: choose,
      onDoubleTap: (id) => {
        if (id !== moreId) propsRef.current.onDoubleTap(id);
      },
      onLongPress: (id, suppressTapsMs) => {
        if (id !== moreId) propsRef.current.onLongPress(id, suppressTapsMs);
      },
      onPreview: (id) => {
        setPreview(id);
        propsRef.current.onPreviewChange?.(id === moreId ? null : id);
      },
      onDragSelect: (id) => (id === moreId ? setMoreOpen(true) : choose(id)),
    });
    return recognizerRef.current;
  }

  function point(event: PointerEvent): GesturePoint {
    return { x: event.clientX, y: event.clientY };
  }

  function onPointerDown(event: PointerEvent<HTMLUListElement>) {
    const mouse = event.pointerType === 'mouse';
    // Other buttons and modified clicks (open in a new tab) are the browser's.
    if (mouse && (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey)) return;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Synthetic pointers have nothing to capture; the gesture still works without it.
    }
    lastGestureAtRef.current = event.timeStamp;
    recognizer().down(point(event), mouse ? 'mouse' : 'touch');
  }

  function onPointerUp(event: PointerEvent<HTMLUListElement>) {
    lastGestureAtRef.current = event.timeStamp;
    recognizer().up(point(event));
  }

  function onClick(event: MouseEvent<HTMLElement>, id: BarItemId) {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    // Event time stamps share one clock, so the click can be matched to the gesture that caused it.
    if (event.timeStamp - lastGestureAtRef.current < gestureClickWindowMs) return;
    choose(id);
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, id: TabId) {
    if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      props.onLongPress(id, 0);
    }
  }

  const bubbleFor = preview ?? focused;
  const previewIndex =
    bubbleFor === moreId ? shown.length : bubbleFor ? shown.findIndex((tab) => tab.id === bubbleFor) : -1;
  const previewName = bubbleFor === moreId ? 'More' : shown[previewIndex]?.name;
  const foldedActive = folded.some((tab) => tab.id === activeId);
  // Equal tabs share the bar by a class, which a drawn page has before its inline styles are set (decision
  // 0131); only SPEC's unequal six- and seven-tab widths need a style.
  const equalWidths = widths.every((width) => width === widths[0]);
  const itemClass = equalWidths ? 'min-w-0 flex-1 basis-0' : 'min-w-0';
  const itemStyle = (index: number) =>
    equalWidths ? undefined : { width: `${(widths[index] ?? 0) * 100}%` };
  const previewCenter =
    previewIndex === -1
      ? 0
      : widths.slice(0, previewIndex).reduce((sum, width) => sum + width, 0) +
        (widths[previewIndex] ?? 0) / 2;

  return (
    <nav
      aria-label="Main"
      data-state={visible ? 'shown' : 'hidden'}
      // bottom-6 and px-2 are the style's values with no keyboard and no inset: a drawn page has them before
      // its styles are set, so the bar does not move into place when they are (decision 0131).
      className={`pointer-events-none fixed inset-x-0 bottom-6 z-40 flex justify-center px-2 motion-safe:duration-200 motion-safe:ease-out ${
        visible
          ? 'visible translate-y-0 motion-safe:transition-transform'
          : 'invisible translate-y-[calc(100%+var(--nav-bottom))] motion-safe:transition-[transform,visibility]'
      }`}
      style={{
        bottom: `${bottomOffset}px`,
        paddingLeft: `${Math.max(8, insets.left + 8)}px`,
        paddingRight: `${Math.max(8, insets.right + 8)}px`,
        ['--nav-bottom' as string]: `${bottomOffset}px`,
      }}
    >
      <div className="pointer-events-auto relative w-full max-w-md">
        {previewName && !moreOpen && (
          <div
            id={bubbleId}
            role="tooltip"
            className="absolute bottom-full mb-3 -translate-x-1/2 rounded-full bg-slate-900 px-3.5 py-1.5 text-sm font-semibold whitespace-nowrap text-white shadow-lg"
            style={{ left: `clamp(4.5rem, ${previewCenter * 100}%, calc(100% - 4.5rem))` }}
          >
            {previewName}
          </div>
        )}
        <ul
          ref={listRef}
          className="flex touch-none rounded-[26px] bg-white/95 p-1.5 shadow-[0_10px_30px_-6px_rgba(15,23,42,0.28)] ring-1 ring-slate-900/8 backdrop-blur-xl select-none [-webkit-touch-callout:none]"
          onPointerDown={onPointerDown}
          onPointerMove={(event) => recognizer().move(point(event))}
          onPointerUp={onPointerUp}
          onPointerCancel={() => recognizer().cancel()}
          onLostPointerCapture={() => recognizer().cancel()}
          // A long press would otherwise open the browser's link menu.
          onContextMenu={(event) => event.preventDefault()}
          onDragStart={(event) => event.preventDefault()}
        >
          {shown.map((tab, index) => {
            const active = tab.id === activeId;
            const previewing = tab.id === bubbleFor;
            const badgeId = `${bubbleId}-${tab.id}-badge`;
            return (
              <li key={tab.id} className={itemClass} style={itemStyle(index)}>
                <a
                  href={hrefFor(tab.id)}
                  aria-label={tab.name}
                  aria-current={active ? (routeTabId === tab.id ? 'page' : 'true') : undefined}
                  aria-describedby={
                    [previewing ? bubbleId : '', showsBadge(tab) ? badgeId : ''].filter(Boolean).join(' ') ||
                    undefined
                  }
                  draggable={false}
                  onClick={(event) => onClick(event, tab.id)}
                  onKeyDown={(event) => onKeyDown(event, tab.id)}
                  onFocus={(event) => {
                    if (event.currentTarget.matches(':focus-visible')) setFocused(tab.id);
                  }}
                  onBlur={() => setFocused(null)}
                  className={`group relative flex min-h-14 flex-col items-center justify-center gap-0.5 rounded-[20px] px-1 text-[11px] leading-tight font-medium transition-colors focus-visible:outline-offset-0 ${
                    active ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:text-slate-900'
                  } ${previewing ? 'bg-slate-100 text-slate-900' : ''}`}
                >
                  <span className="relative">
                    {tab.id === 'profile' && avatarUrl ? (
                      <TabAvatar src={avatarUrl} active={active} />
                    ) : (
                      <AppIcon
                        name={tab.icon}
                        className={`size-6 transition-transform ${active ? 'scale-105' : ''}`}
                        strokeWidth={active ? 2.4 : 1.9}
                      />
                    )}
                    {showsBadge(tab) && (
                      // The number is drawn by CSS: text inside the link that is not in its name fails
                      // label-content-name-mismatch; screen readers get "N new" as the description.
                      <span
                        aria-hidden="true"
                        data-count={tab.badgeCount > 99 ? '99+' : tab.badgeCount}
                        className="absolute -top-1.5 -right-2.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-rose-600 px-1 text-[10px] font-bold text-white ring-2 ring-white after:content-[attr(data-count)]"
                      />
                    )}
                  </span>
                  {/* Where the full label would be cut short: smaller type, then the short label. */}
                  <span
                    data-tab-label
                    className={`max-w-full truncate ${labelFit === 'full' ? '' : 'text-[10px] tracking-tight'} ${active ? 'font-semibold' : ''}`}
                  >
                    {labelFit === 'short' ? (tab.compactLabel ?? tab.label) : tab.label}
                  </span>
                </a>
                {/* Outside the link: text inside it that is not in its name fails label-content-name-mismatch. */}
                {showsBadge(tab) && (
                  <span id={badgeId} className="sr-only">
                    {`${tab.badgeCount} new`}
                  </span>
                )}
              </li>
            );
          })}
          {folded.length > 0 && (
            <li className={itemClass} style={itemStyle(shown.length)}>
              <button
                type="button"
                aria-label="More"
                aria-expanded={moreOpen}
                aria-controls={moreMenuId}
                // The page is one of the folded tabs': More stands for it, as a tab stands for its page.
                aria-current={foldedActive ? 'true' : undefined}
                aria-describedby={bubbleFor === moreId ? bubbleId : undefined}
                onClick={(event) => onClick(event, moreId)}
                onFocus={(event) => {
                  if (event.currentTarget.matches(':focus-visible')) setFocused(moreId);
                }}
                onBlur={() => setFocused(null)}
                className={`flex min-h-14 w-full flex-col items-center justify-center gap-0.5 rounded-[20px] px-1 text-[11px] leading-tight font-medium transition-colors focus-visible:outline-offset-0 ${
                  foldedActive || moreOpen
                    ? 'bg-brand-50 text-brand-700'
                    : 'text-slate-600 hover:text-slate-900'
                } ${bubbleFor === moreId ? 'bg-slate-100 text-slate-900' : ''}`}
              >
                <Ellipsis aria-hidden="true" focusable="false" className="size-6" strokeWidth={1.9} />
                <span className="max-w-full truncate text-[10px] tracking-tight">More</span>
              </button>
            </li>
          )}
        </ul>
        {/* After the bar, so Tab moves from "More" into what it opened. */}
        {moreOpen && (
          <MoreTabs
            id={moreMenuId}
            tabs={folded}
            activeId={activeId}
            routeTabId={routeTabId}
            hrefFor={hrefFor}
            onChoose={choose}
            onClose={() => setMoreOpen(false)}
          />
        )}
      </div>
    </nav>
  );
}
