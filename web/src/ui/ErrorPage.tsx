import { Bug, Compass, House, RotateCw, ServerCrash } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorPageModel, isCrawlerUserAgent } from '../lib/errors/errorPage.ts';

interface ErrorPageProps {
  /** 404 shows the not-found variant; anything else the generic one. Default 500. */
  statusCode?: number;
  /** The heading; defaults to "Page Not Found" (404) or "Internal Server Error". */
  message?: string;
  /** A sentence of explanation under the heading. */
  details?: string;
  /**
   * How to get home. Inside the router this is a router link; outside it (the root error boundary) a plain
   * link that reloads the app from scratch, which is what a crashed app needs.
   */
  homeAction?: ReactNode;
  /** Shows a retry button ("Try again" unless `retryLabel` says otherwise), which runs this. */
  onRetry?: () => void;
  retryLabel?: string;
  /**
   * False for a fault in the app itself (a crash while drawing a screen): no HTTP status was involved,
   * so showing "500" would blame the server.
   */
  showStatusCode?: boolean;
  /** For tests; the browser's user agent by default. */
  userAgent?: string;
}

const actionClass =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-2xl px-5 font-semibold transition-colors';
export const errorPagePrimaryAction = `${actionClass} bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800`;
const secondaryAction = `${actionClass} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50`;

/**
 * SPEC §2 full-screen error page: the not-found variant for 404 and the generic one otherwise. Crawlers
 * get nothing (SPEC), so an error screen is never indexed as the page's content.
 */
export function ErrorPage({
  statusCode,
  message,
  details,
  homeAction,
  onRetry,
  retryLabel = 'Try again',
  showStatusCode = true,
  userAgent,
}: ErrorPageProps) {
  const agent = userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
  if (isCrawlerUserAgent(agent)) return null;
  const model = errorPageModel({ statusCode, message });
  const Icon = model.variant === 'not-found' ? Compass : showStatusCode ? ServerCrash : Bug;
  return (
    <section
      data-variant={model.variant}
      className="flex min-h-[70dvh] flex-col items-center justify-center gap-5 py-10 text-center"
    >
      {showStatusCode ? (
        <div className="relative">
          <span
            aria-hidden="true"
            className="block bg-gradient-to-br from-brand-600 to-[#7B68EE] bg-clip-text text-7xl font-black tracking-tighter text-transparent sm:text-8xl"
          >
            {model.statusCode}
          </span>
          <span className="absolute -right-5 -bottom-2 rounded-2xl bg-white p-2 text-brand-700 shadow-md ring-1 ring-slate-200">
            <Icon aria-hidden="true" className="size-6" />
          </span>
        </div>
      ) : (
        <span className="rounded-3xl bg-white p-5 text-brand-700 shadow-md ring-1 ring-slate-200">
          <Icon aria-hidden="true" className="size-12" />
        </span>
      )}
      <div className="max-w-sm space-y-2">
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{model.message}</h1>
        <p className="text-slate-700">
          {showStatusCode && <span className="sr-only">{`Error ${model.statusCode}. `}</span>}
          {details ??
            (model.variant === 'not-found'
              ? 'There is nothing at this address.'
              : 'Something went wrong on our side. Please try again.')}
        </p>
      </div>
      <div className="flex w-full max-w-xs flex-col gap-3">
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className={homeAction ? secondaryAction : errorPagePrimaryAction}
          >
            <RotateCw aria-hidden="true" className="size-5" />
            {retryLabel}
          </button>
        )}
        {homeAction ?? (
          <a href="/" className={errorPagePrimaryAction}>
            <House aria-hidden="true" className="size-5" />
            Go to Home
          </a>
        )}
      </div>
    </section>
  );
}
