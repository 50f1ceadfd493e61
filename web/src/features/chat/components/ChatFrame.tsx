import type { ReactNode } from 'react';
import { useKeyboardHeight } from '../../../ui/navigation/useShellLayout.ts';
import { topOverlayClearance } from '../../../ui/toasts/topOverlays.ts';

interface ChatFrameProps {
  header: ReactNode;
  /** Between the header and the messages, e.g. the anonymous banner. */
  notice?: ReactNode;
  messages: ReactNode;
  /** The alert, the composer and what goes with them. */
  footer: ReactNode;
}

const column = 'mx-auto w-full max-w-3xl px-safe';

/**
 * The full-screen chat: header on top, messages scrolling in between, composer at the bottom. The frame
 * ends where the on-screen keyboard begins (window.visualViewport), so the composer is never hidden under
 * it; with no keyboard the composer keeps clear of the home indicator (safe-area inset).
 */
export function ChatFrame({ header, notice, messages, footer }: ChatFrameProps) {
  const keyboard = useKeyboardHeight();
  return (
    <div className="fixed inset-0 z-10 flex flex-col bg-slate-50" style={{ paddingBottom: keyboard }}>
      <div
        className="shrink-0 border-b border-slate-200 bg-white/95 pb-2 backdrop-blur"
        // Below the offline indicator and any toasts, so the header's buttons stay reachable.
        style={{ paddingTop: topOverlayClearance }}
      >
        <div className={column}>{header}</div>
      </div>
      {notice && <div className={`${column} shrink-0 pt-3`}>{notice}</div>}
      <div className={`${column} flex min-h-0 flex-1 flex-col`}>{messages}</div>
      <div
        className="shrink-0 border-t border-slate-200 bg-white/95 pt-2 backdrop-blur"
        style={{
          paddingBottom:
            keyboard > 0 ? '0.5rem' : 'max(0.75rem, var(--safe-bottom, env(safe-area-inset-bottom)))',
        }}
      >
        <div className={column}>{footer}</div>
      </div>
    </div>
  );
}
