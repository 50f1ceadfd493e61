import { QueryClientContext, useQuery } from '@tanstack/react-query';
import { errorLogResponseSchema, statusResponseSchema, type ErrorLogPayload } from '@uplift/contracts';
import { useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { showErrorToast } from '../../lib/errors/index.ts';
import { apiBase, http } from '../../lib/http/index.ts';
import {
  connectivity,
  contentCache,
  currentBuildId,
  noCachedContentMessage,
  offlineQueue,
  sendOrQueue,
  useConnectivity,
  useContentCacheEntries,
  useOfflineQueue,
  type ProbeResult,
  type ProcessResult,
  type QueuePriority,
} from '../../lib/offline/index.ts';
import { formatMoment } from '../../lib/format/dateTime.ts';
import { usePageMeta } from '../../lib/pageMeta.ts';
import { toast } from '../../lib/toasts/toastStore.ts';
import { Button } from '../../ui/Button.tsx';

const counterKey = 'uplift:offline-demo-counter';

/** The demo's test actions are numbered across reloads, so each one can be found on the server. */
function nextTestActionNumber(): number {
  const next = Number(localStorage.getItem(counterKey) ?? '0') + 1;
  localStorage.setItem(counterKey, String(next));
  return next;
}

function time(at: number | string): string {
  return formatMoment(at, 'timeWithSeconds');
}

/** Whether the server answers: the live signal, else what the last check found (never "not checked" after one). */
function serverState(reachable: boolean | null, probe: ProbeResult | null): string {
  const known = reachable ?? (probe ? probe.ok : null);
  if (known === null) return 'Not checked yet';
  return known ? 'Reachable' : 'Unreachable';
}

function minutesFrom(now: number, at: number): string {
  const minutes = Math.round((at - now) / 60_000);
  if (minutes <= 0) return 'now';
  return minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
}

/** The address of a queued action without the API base, as a reader would recognise it. */
function shortUrl(url: string): string {
  return url.startsWith(apiBase) ? `/api${url.slice(apiBase.length)}` : url;
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function processNotice(result: ProcessResult): void {
  // Outcomes with something sent have their own SPEC toasts (Sync Complete, Sync Failed, ...).
  if (result.skipped === 'offline') {
    toast.info('The queue will sync when the connection returns.', { title: 'Still Offline' });
  } else if (result.skipped === 'busy') {
    toast.info('Another tab is syncing the queue right now.');
  } else if (result.skipped === 'empty') {
    toast.info('There is nothing in the queue to sync.');
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * A real query: its answer lands in the content cache, so after a reload with no connection this row
 * still shows the server time last seen.
 */
function ServerTime() {
  const status = useQuery({
    queryKey: ['system', 'status'],
    queryFn: ({ signal }) => http.get('/status', { schema: statusResponseSchema, signal }),
  });
  return (
    <Row label="Server time (cached query)">
      {status.data ? time(status.data.time) : status.isPending ? 'Loading…' : 'Unavailable'}
    </Row>
  );
}

/** SPEC §2 "Offline Demo": live diagnostics of connectivity, the offline queue and the content cache. */
export default function OfflineDemoPage() {
  const { title } = usePageMeta();
  const id = useId();
  const now = useNow(15_000);
  const state = useConnectivity();
  const queue = useOfflineQueue();
  const cached = useContentCacheEntries();
  const [priority, setPriority] = useState<QueuePriority>('medium');
  const [busy, setBusy] = useState(false);
  // The route-table tests render pages without the app's QueryClient.
  const hasQueryClient = useContext(QueryClientContext) !== undefined;

  async function queueTestAction() {
    const number = nextTestActionNumber();
    const message = `Offline demo test action #${number}`;
    const payload: ErrorLogPayload = {
      message,
      timestamp: new Date().toISOString(),
      userAgent: navigator.userAgent,
      url: location.href,
      severity: 'low',
      context: { source: 'offline-demo', number, priority },
    };
    try {
      const result = await sendOrQueue({
        method: 'POST',
        path: '/log-error',
        body: payload,
        schema: errorLogResponseSchema,
        type: 'demo-action',
        description: message,
        priority,
        ownerId: null,
        auth: false,
      });
      if (result.status === 'sent') toast.success(`${message} was sent right away.`, { title: 'Sent' });
    } catch (error) {
      showErrorToast(error);
    }
  }

  async function processQueue() {
    setBusy(true);
    try {
      processNotice(await offlineQueue.process());
    } finally {
      setBusy(false);
    }
  }

  const probe = state.lastProbe;
  return (
    <div className="space-y-6 py-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="text-slate-700">
          What Uplift does without a connection: actions wait in a queue on this device and are sent, in
          order, when it returns; content you have seen stays readable for an hour.
        </p>
      </header>

      <section
        aria-labelledby={`${id}-connectivity`}
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id={`${id}-connectivity`} className="font-semibold text-slate-900">
          Connectivity
        </h2>
        <dl className="divide-y divide-slate-100 text-sm">
          <Row label="Status">
            {state.online ? 'Online' : state.simulated ? 'Offline (simulated)' : 'Offline'}
          </Row>
          <Row label="Network">{state.networkUp ? 'Available' : 'Unavailable'}</Row>
          <Row label="Server">{serverState(state.reachable, probe)}</Row>
          <Row label="Last check">
            {probe
              ? `${time(probe.at)}: ${probe.ok ? `answered in ${probe.latencyMs} ms` : `failed (${probe.error ?? 'no answer'})`}`
              : 'None yet'}
          </Row>
          <Row label="Server build">{probe?.serverBuild ?? 'Unknown'}</Row>
          {hasQueryClient && <ServerTime />}
          <Row label="App build">{currentBuildId}</Row>
        </dl>
        <p className="text-sm text-slate-700">
          The server is checked every 30 seconds (5 second time-out), and whenever the browser reports a
          change.
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          <Button
            variant="secondary"
            disabled={state.simulated}
            onClick={() => connectivity.simulateOffline(true)}
          >
            Simulate offline
          </Button>
          <Button
            variant="secondary"
            disabled={!state.simulated}
            onClick={() => connectivity.simulateOffline(false)}
          >
            Go back online
          </Button>
          <Button
            variant="secondary"
            disabled={state.simulated || state.probing}
            onClick={() => void connectivity.check()}
          >
            Check connection
          </Button>
        </div>
      </section>

      <section
        aria-labelledby={`${id}-queue`}
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id={`${id}-queue`} className="font-semibold text-slate-900">
          {`Queued actions (${queue.length})`}
        </h2>
        {queue.length === 0 ? (
          <p className="text-sm text-slate-700">No actions are waiting.</p>
        ) : (
          <ol aria-label="Queued actions" className="space-y-2">
            {queue.map((item) => (
              <li key={item.id} className="rounded-xl bg-slate-50 p-3 text-sm">
                <p className="font-semibold text-slate-900">{item.description}</p>
                <p className="font-mono text-xs break-all text-slate-700">{`${item.method} ${shortUrl(item.url)}`}</p>
                <p className="text-slate-700">
                  {`Priority ${item.priority} · retries ${item.retryCount} of ${item.maxRetries} · queued ${time(item.timestamp)}`}
                </p>
              </li>
            ))}
          </ol>
        )}
        <div className="space-y-1">
          <label htmlFor={`${id}-priority`} className="text-sm font-medium text-slate-800">
            Priority of the test action
          </label>
          <select
            id={`${id}-priority`}
            value={priority}
            onChange={(event) => setPriority(event.target.value as QueuePriority)}
            className="min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-slate-900"
          >
            <option value="high">High</option>
            <option value="medium">Medium</option>
            <option value="low">Low</option>
          </select>
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <Button onClick={() => void queueTestAction()}>Queue a test action</Button>
          <Button variant="secondary" disabled={busy} onClick={() => void processQueue()}>
            Process queue
          </Button>
          <Button variant="secondary" disabled={queue.length === 0} onClick={() => void offlineQueue.clear()}>
            Clear queue
          </Button>
        </div>
        <p className="text-sm text-slate-700">
          A test action is a real write: an error report to the server. Online it is sent at once; offline it
          is queued and sent when the connection returns, high priority first, then oldest first.
        </p>
      </section>

      <section
        aria-labelledby={`${id}-cache`}
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id={`${id}-cache`} className="font-semibold text-slate-900">
          {`Cached content (${cached.length})`}
        </h2>
        {cached.length === 0 ? (
          <p className="text-sm text-slate-700">{noCachedContentMessage}</p>
        ) : (
          <ul aria-label="Cached content" className="space-y-2">
            {cached.map((entry) => (
              <li key={entry.key} className="rounded-xl bg-slate-50 p-3 text-sm">
                <p className="font-mono text-xs break-all text-slate-900">{entry.key}</p>
                <p className="text-slate-700">
                  {`Type ${entry.type} · cached ${time(entry.timestamp)} · expires ${minutesFrom(now, entry.expiresAt)}`}
                </p>
              </li>
            ))}
          </ul>
        )}
        <Button
          variant="secondary"
          disabled={cached.length === 0}
          onClick={() => {
            contentCache.clear();
            toast.info('Cached content cleared.');
          }}
        >
          Clear cache
        </Button>
      </section>
    </div>
  );
}
