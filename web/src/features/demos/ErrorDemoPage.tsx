import { errorCatalogue, errorCodes, successResponseSchema, type ErrorCode } from '@uplift/contracts';
import { useId, useState } from 'react';
import { createAppError, errorDefaults, showErrorToast } from '../../lib/errors/index.ts';
import { http } from '../../lib/http/index.ts';
import { usePageMeta } from '../../lib/pageMeta.ts';
import { Button } from '../../ui/Button.tsx';

const severityLook = {
  low: 'bg-sky-100 text-sky-900',
  medium: 'bg-amber-100 text-amber-900',
  high: 'bg-rose-100 text-rose-900',
  critical: 'bg-rose-700 text-white',
} as const;

/** Throws while rendering: the router's error boundary shows the full-screen error page. */
function RenderFailure(): never {
  throw new Error('Error demo: a component failed to render');
}

/** Real requests that fail, so each path from a failed call to its catalogue toast can be seen. */
const realFailures: { label: string; run: () => Promise<unknown> }[] = [
  {
    label: 'Ask the API for something that does not exist',
    run: () => http.get('/error-demo/missing', { schema: successResponseSchema }),
  },
  {
    label: 'Send the API an invalid error report',
    run: () => http.post('/log-error', { body: { message: '' }, schema: successResponseSchema, auth: false }),
  },
  {
    label: 'Give a request 1 ms to answer',
    run: () => http.get('/status', { schema: successResponseSchema, timeoutMs: 1, retry: false }),
  },
];

/** SPEC §2 "Error Handling Demo": every catalogue error's toast, real failures, and the global handlers. */
export default function ErrorDemoPage() {
  const { title } = usePageMeta();
  const id = useId();
  const [crash, setCrash] = useState(false);

  function showCatalogueError(code: ErrorCode) {
    showErrorToast(createAppError(code, { context: { source: 'error-demo' } }));
  }

  return (
    <div className="space-y-6 py-6">
      {crash && <RenderFailure />}
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="text-slate-700">
          Every failure in Uplift becomes one of the errors below, with its own message and notification.
          Severity decides how it looks: low is information, medium a warning, high and critical an error.
          Critical notices stay until you dismiss them.
        </p>
      </header>

      <section aria-labelledby={`${id}-catalogue`} className="space-y-3">
        <h2 id={`${id}-catalogue`} className="font-semibold text-slate-900">
          Error catalogue
        </h2>
        <ul className="space-y-2">
          {errorCodes.map((code) => {
            const { title: errorTitle, message } = errorCatalogue[code];
            const { severity } = errorDefaults[code];
            return (
              <li key={code} className="rounded-2xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-semibold text-slate-900">{errorTitle}</p>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${severityLook[severity]}`}
                  >
                    {severity}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-700">{message}</p>
                <Button className="mt-3" onClick={() => showCatalogueError(code)}>
                  {`Show ${code}`}
                </Button>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby={`${id}-real`} className="space-y-3">
        <h2 id={`${id}-real`} className="font-semibold text-slate-900">
          Real failures
        </h2>
        <p className="text-sm text-slate-700">
          These make real requests that fail, and show what the app makes of the answer.
        </p>
        <div className="grid gap-3">
          {realFailures.map((failure) => (
            <Button
              variant="secondary"
              key={failure.label}
              onClick={() => void failure.run().catch((error: unknown) => showErrorToast(error))}
            >
              {failure.label}
            </Button>
          ))}
        </div>
      </section>

      <section aria-labelledby={`${id}-uncaught`} className="space-y-3">
        <h2 id={`${id}-uncaught`} className="font-semibold text-slate-900">
          Errors nobody handles
        </h2>
        <p className="text-sm text-slate-700">
          These are caught by the app&apos;s safety nets: each shows a notification and is reported to the
          server (or queued while offline). A render error replaces the screen with the error page.
        </p>
        <div className="grid gap-3">
          <Button variant="secondary" onClick={() => setCrash(true)}>
            Break this screen (render error)
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              void Promise.reject(new Error('Error demo: a promise rejected with no handler'));
            }}
          >
            Reject a promise nobody handles
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              // Outside React's event handling, so it reaches the window like any uncaught error.
              setTimeout(() => {
                throw new Error('Error demo: an uncaught JavaScript error');
              });
            }}
          >
            Throw an uncaught JavaScript error
          </Button>
        </div>
      </section>
    </div>
  );
}
