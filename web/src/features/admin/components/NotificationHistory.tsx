import { useQuery } from '@tanstack/react-query';
import { roleGroupLabels, type AdminNotification } from '@uplift/contracts';
import { useState } from 'react';
import { formatMoment } from '../../../lib/format/dateTime.ts';
import { HttpError } from '../../../lib/http/index.ts';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { sendHistoryQueryOptions, useCancelNotification } from '../api/notifications.ts';
import { Button } from '../../../ui/Button.tsx';

function audienceText(send: AdminNotification): string {
  const { audience } = send;
  if (audience.type === 'role') return roleGroupLabels[audience.role];
  if (audience.type === 'members')
    return audience.userIds.length === 1 ? '1 chosen member' : `${audience.userIds.length} chosen members`;
  return 'Everyone';
}

function whenText(send: AdminNotification): string {
  if (send.status === 'scheduled' && send.scheduledFor)
    return `Scheduled for ${formatMoment(send.scheduledFor, 'dateTime')}`;
  if (send.status === 'cancelled') return 'Cancelled';
  if (send.status === 'sending') return 'Sending…';
  return `Sent ${formatMoment(send.sentAt ?? send.createdAt, 'dateTime')}`;
}

/** Past and scheduled sends with their counts, newest first; a scheduled one can be cancelled. */
export function NotificationHistory({ onMessage }: { onMessage: (message: string) => void }) {
  const [page, setPage] = useState(1);
  const history = useQuery(sendHistoryQueryOptions(page));
  const cancel = useCancelNotification();
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / history.data.pageSize)) : 1;

  return (
    <section aria-labelledby="send-history" className="space-y-2">
      <h2 id="send-history" className="text-lg font-semibold text-slate-900">
        History
      </h2>
      <LoadAlert>{history.isError && 'The history could not be loaded.'}</LoadAlert>
      {history.isPending ? (
        <p className="text-slate-700">Loading sends…</p>
      ) : history.isError ? null : history.data.items.length === 0 ? (
        <p className="text-slate-700">Nothing sent yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Sent and scheduled notifications">
          {history.data.items.map((send) => (
            <li key={send.id} className="space-y-1 rounded-xl border border-slate-200 p-3">
              <p className="font-semibold break-words text-slate-900">{send.title}</p>
              <p className="text-sm break-words text-slate-700">{send.body}</p>
              <p className="text-sm text-slate-700">
                {audienceText(send)} · {whenText(send)}
                {send.link && ` · opens ${send.link}`}
              </p>
              {send.status !== 'scheduled' && send.status !== 'cancelled' && (
                <dl className="grid grid-cols-2 gap-x-3 text-sm sm:grid-cols-4">
                  {(
                    [
                      ['Targeted', send.counts.targeted],
                      ['In the app', send.counts.deliveredInApp],
                      ['By push', send.counts.deliveredPush],
                      ['Read', send.counts.read],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label}>
                      <dt className="text-slate-700">{label}</dt>
                      <dd className="font-semibold text-slate-900">{value}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {send.status === 'scheduled' && (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(send.id, {
                      onSuccess: () => onMessage(`Cancelled "${send.title}".`),
                      onError: (error) =>
                        onMessage(
                          error instanceof HttpError ? error.statusMessage : 'Cancelling needs a connection.',
                        ),
                    })
                  }
                  aria-label={`Cancel send: ${send.title}`}
                >
                  Cancel send
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="History pages" className="flex items-center justify-between gap-2 text-sm">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span>{`Page ${page} of ${pages}`}</span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </nav>
      )}
    </section>
  );
}
