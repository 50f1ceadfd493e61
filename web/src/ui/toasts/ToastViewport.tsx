import { CircleAlert, CircleCheck, Info, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { useSyncExternalStore, type MouseEvent } from 'react';
import { toastStore, type Toast, type ToastStore, type ToastType } from '../../lib/toasts/toastStore.ts';

const looks: Record<ToastType, { Icon: LucideIcon; icon: string; accent: string; label: string }> = {
  success: { Icon: CircleCheck, icon: 'text-emerald-600', accent: 'bg-emerald-500', label: 'Success' },
  error: { Icon: CircleAlert, icon: 'text-rose-600', accent: 'bg-rose-500', label: 'Error' },
  warning: { Icon: TriangleAlert, icon: 'text-amber-600', accent: 'bg-amber-500', label: 'Warning' },
  info: { Icon: Info, icon: 'text-sky-600', accent: 'bg-sky-500', label: 'Information' },
};

function ToastCard({ toast, store }: { toast: Toast; store: ToastStore }) {
  const look = looks[toast.type];
  // SPEC §4: a click anywhere on a dismissible toast dismisses it; its buttons do their own thing.
  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (event.target instanceof Element && event.target.closest('button')) return;
    store.click(toast.id);
  }
  return (
    <li className="pointer-events-auto motion-safe:animate-toast-in">
      {/* The click is a pointer shortcut; keyboard and screen-reader users have the close button. */}
      <div
        onClick={onClick}
        data-type={toast.type}
        className={`relative flex gap-3 overflow-hidden rounded-2xl bg-white py-3 pr-2 pl-4 shadow-[0_12px_32px_-8px_rgba(15,23,42,0.3)] ring-1 ring-slate-900/8 ${
          toast.dismissible ? 'cursor-pointer' : ''
        }`}
      >
        <span aria-hidden="true" className={`absolute inset-y-0 left-0 w-1 ${look.accent}`} />
        <look.Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${look.icon}`} />
        <div className="min-w-0 flex-1 py-0.5">
          <span className="sr-only">{`${look.label}: `}</span>
          {toast.title && <p className="font-semibold text-slate-900">{toast.title}</p>}
          <p className="text-sm break-words text-slate-700">{toast.message}</p>
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
        <button
          type="button"
          aria-label="Dismiss notification"
          onClick={() => store.dismiss(toast.id)}
          className="flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </li>
  );
}

/**
 * SPEC §2 toast notifications, at the top where the bottom bar leaves room. The list is a live region that
 * exists from the start, so screen readers announce each toast as it arrives.
 */
export function ToastViewport({ store = toastStore }: { store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex justify-center px-safe pt-safe"
    >
      <ol aria-live="polite" aria-relevant="additions text" className="flex w-full max-w-md flex-col gap-2">
        {toasts.map((toast) => (
          <ToastCard key={toast.id} toast={toast} store={store} />
        ))}
      </ol>
    </section>
  );
}
