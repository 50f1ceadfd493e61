import { CircleAlert, CircleCheck, Info, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { useConnectivity } from '../../lib/offline/index.ts';
import { toastStore, type Toast, type ToastStore, type ToastType } from '../../lib/toasts/toastStore.ts';
import { announce } from '../announce.ts';
import { offlineIndicatorHeightVar, toastStackHeightVar, usePublishedHeight } from './topOverlays.ts';

const looks: Record<ToastType, { Icon: LucideIcon; icon: string; accent: string; label: string }> = {
  success: { Icon: CircleCheck, icon: 'text-emerald-600', accent: 'bg-emerald-500', label: 'Success' },
  error: { Icon: CircleAlert, icon: 'text-rose-600', accent: 'bg-rose-500', label: 'Error' },
  warning: { Icon: TriangleAlert, icon: 'text-amber-600', accent: 'bg-amber-500', label: 'Warning' },
  info: { Icon: Info, icon: 'text-sky-600', accent: 'bg-sky-500', label: 'Information' },
};

interface ToastCardProps {
  toast: Toast;
  store: ToastStore;
  /** Older toasts tucked behind the newest one: how far back this one is (0 is on top, in full). */
  depth: number;
  collapsed: boolean;
  /** On the newest card of a collapsed stack: how many are tucked behind it, and how to open the stack. */
  tuckedCount?: number;
  onExpand?: () => void;
}

// How much of each older card shows below the newest one while the stack is collapsed.
const peekPx = 6;
const peeksShown = 2;

function ToastCard({ toast, store, depth, collapsed, tuckedCount = 0, onExpand }: ToastCardProps) {
  const look = looks[toast.type];
  const tucked = collapsed && depth > 0;
  // SPEC §4: a click anywhere on a dismissible toast dismisses it; its buttons do their own thing.
  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (event.target instanceof Element && event.target.closest('button')) return;
    store.click(toast.id);
  }
  return (
    <li
      // Tucked cards were announced when they arrived; until the stack opens they are out of the way.
      inert={tucked}
      className={`pointer-events-auto motion-safe:transition-transform ${
        tucked ? 'absolute inset-x-0 top-0 h-full' : 'relative motion-safe:animate-toast-in'
      }`}
      style={
        tucked
          ? {
              zIndex: -depth,
              transform: `translateY(${Math.min(depth, peeksShown) * peekPx}px) scale(${1 - Math.min(depth, peeksShown) * 0.04})`,
              opacity: depth > peeksShown ? 0 : 1,
            }
          : undefined
      }
    >
      {/* The click is a pointer shortcut; keyboard and screen-reader users have the close button. */}
      <div
        onClick={onClick}
        data-type={toast.type}
        className={`relative flex h-full gap-3 overflow-hidden rounded-2xl bg-white py-2 pr-1 pl-4 shadow-[0_12px_32px_-8px_rgba(15,23,42,0.3)] ring-1 ring-slate-900/8 ${
          toast.dismissible ? 'cursor-pointer' : ''
        }`}
      >
        <span aria-hidden="true" className={`absolute inset-y-0 left-0 w-1 ${look.accent}`} />
        <look.Icon aria-hidden="true" className={`mt-2.5 size-5 shrink-0 ${look.icon}`} />
        <div className="min-w-0 flex-1 py-2">
          <span className="sr-only">{`${look.label}: `}</span>
          {toast.title && <p className="leading-snug font-semibold text-slate-900">{toast.title}</p>}
          {/* Between title and message when read as one announcement ("Posted Your post is…"). */}
          {toast.title && ' '}
          <p className="text-sm leading-snug break-words text-slate-700">{toast.message}</p>
          {toast.action && (
            <button
              type="button"
              onClick={() => store.runAction(toast.id)}
              className="mt-2 min-h-11 rounded-xl bg-slate-900 px-4 text-sm font-semibold text-white hover:bg-slate-800"
            >
              {toast.action.label}
            </button>
          )}
        </div>
        <div className="flex shrink-0 flex-col">
          <button
            type="button"
            aria-label="Dismiss notification"
            onClick={() => store.dismiss(toast.id)}
            className="flex size-11 items-center justify-center rounded-xl text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
          {onExpand && tuckedCount > 0 && (
            <button
              type="button"
              aria-expanded={false}
              onClick={onExpand}
              className="flex size-11 items-center justify-center rounded-xl text-xs font-bold text-slate-700 hover:bg-slate-100"
            >
              <span aria-hidden="true">+{tuckedCount}</span>
              <span className="sr-only">{`Show all ${tuckedCount + 1} notifications`}</span>
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

/** What a screen reader says when a toast arrives: what its card reads, without its buttons. */
function spokenToast(toast: Toast): string {
  return `${looks[toast.type].label}: ${toast.title ? `${toast.title} ` : ''}${toast.message}`;
}

/**
 * Each toast is said once as it arrives (decision 0121): an error assertively, the rest politely. The
 * announcer says it, not the list: a live list would say the stack's counter with each new toast, and has
 * one voice for every type. A toast shown again under its id is a new toast with new words.
 */
function useAnnounceEachToast(toasts: readonly Toast[]) {
  const announced = useRef(new WeakSet<Toast>());
  useEffect(() => {
    for (const toast of toasts) {
      if (announced.current.has(toast)) continue;
      announced.current.add(toast);
      announce(spokenToast(toast), toast.type === 'error' ? 'assertive' : 'polite');
    }
  }, [toasts]);
}

/**
 * SPEC §2 toast notifications, at the top, under the offline indicator. Several at once stack compactly:
 * the newest in full, the others tucked behind it until the member opens the stack. The screens start
 * below the stack (topOverlays.ts), so a toast never hides what the member is reading.
 */
export function ToastViewport({ store = toastStore }: { store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const offline = !useConnectivity((state) => state.online);
  const [expanded, setExpanded] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  usePublishedHeight(sectionRef, toastStackHeightVar, toasts.length > 0);
  useAnnounceEachToast(toasts);
  const collapsed = !expanded && toasts.length > 1;
  if (expanded && toasts.length <= 1) setExpanded(false);
  const newestFirst = [...toasts].reverse();
  return (
    <section
      ref={sectionRef}
      aria-label="Notifications"
      className={`pointer-events-none fixed inset-x-0 z-[60] flex flex-col items-center px-safe ${
        offline ? 'pt-2' : 'pt-safe'
      }`}
      style={{ top: `var(${offlineIndicatorHeightVar}, 0px)` }}
    >
      <ol
        className={`relative isolate flex w-full max-w-md flex-col gap-2 ${
          expanded ? 'pointer-events-auto max-h-[calc(100dvh-8rem)] overflow-y-auto overscroll-contain' : ''
        }`}
        style={collapsed ? { marginBottom: Math.min(toasts.length - 1, peeksShown) * peekPx } : undefined}
      >
        {newestFirst.map((toast, depth) => (
          <ToastCard
            key={toast.id}
            toast={toast}
            store={store}
            depth={depth}
            collapsed={collapsed}
            tuckedCount={collapsed && depth === 0 ? toasts.length - 1 : 0}
            onExpand={collapsed && depth === 0 ? () => setExpanded(true) : undefined}
          />
        ))}
      </ol>
      {expanded && (
        <button
          type="button"
          aria-expanded={true}
          onClick={() => setExpanded(false)}
          className="pointer-events-auto mt-2 min-h-11 rounded-full bg-slate-900 px-4 text-sm font-semibold text-white shadow-lg"
        >
          Show fewer notifications
        </button>
      )}
    </section>
  );
}
