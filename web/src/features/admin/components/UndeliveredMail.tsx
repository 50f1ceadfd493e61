import { useQuery } from '@tanstack/react-query';
import { mailKindLabel, type MailDeadLetter } from '@uplift/contracts';
import { useState } from 'react';
import { formatMoment } from '../../../lib/format/dateTime.ts';
import { HttpError } from '../../../lib/http/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { deadLettersQueryOptions, useRetryDeadLetter } from '../api/mailDeadLetters.ts';

const recipientOf = (letter: MailDeadLetter) => letter.recipient ?? 'an address not known yet';

/**
 * Email the job queue gave up on after every retry (decision 0109): when, to whom, which kind and the last
 * error, newest first. "Retry" queues one again; it leaves the list, and comes back if it fails again.
 */
export function UndeliveredMail({ onMessage }: { onMessage: (message: string) => void }) {
  const [page, setPage] = useState(1);
  const letters = useQuery(deadLettersQueryOptions(page));
  const retry = useRetryDeadLetter();
  const pages = letters.data ? Math.max(1, Math.ceil(letters.data.total / letters.data.pageSize)) : 1;

  function retryLetter(letter: MailDeadLetter) {
    const what = `${mailKindLabel(letter.kind)} to ${recipientOf(letter)}`;
    retry.mutate(letter.id, {
      onSuccess: () => onMessage(`Queued again: ${what}.`),
      onError: (error) =>
        onMessage(error instanceof HttpError ? error.statusMessage : 'Retrying needs a connection.'),
    });
  }

  return (
    <section aria-labelledby="undelivered-mail" className="space-y-2">
      <h2 id="undelivered-mail" className="text-lg font-semibold text-slate-900">
        Undelivered email
      </h2>
      <LoadAlert>{letters.isError && 'Undelivered email could not be loaded.'}</LoadAlert>
      {letters.isPending ? (
        <p className="text-slate-700">Loading undelivered email…</p>
      ) : letters.isError ? null : letters.data.items.length === 0 ? (
        <p className="text-slate-700">Every email was delivered.</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {`${letters.data.total} email${letters.data.total === 1 ? '' : 's'} failed after every retry.`}
          </p>
          <ul className="space-y-2" aria-label="Undelivered email">
            {letters.data.items.map((letter) => (
              <li key={letter.id} className="space-y-1 rounded-xl border border-slate-200 p-3">
                <p className="font-semibold break-words text-slate-900">{mailKindLabel(letter.kind)}</p>
                <p className="text-sm break-all text-slate-700">{`To ${recipientOf(letter)}`}</p>
                <p className="text-sm text-slate-700">
                  {`Failed ${formatMoment(letter.failedAt, 'dateTime')} after ${letter.attempts} attempts`}
                </p>
                <p className="text-sm break-words text-slate-700">{`Last error: ${letter.error}`}</p>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={retry.isPending}
                  onClick={() => retryLetter(letter)}
                  aria-label={`Retry: ${mailKindLabel(letter.kind)} to ${recipientOf(letter)}`}
                >
                  Retry
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {pages > 1 && (
        <nav aria-label="Undelivered email pages" className="flex items-center justify-between gap-2 text-sm">
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
