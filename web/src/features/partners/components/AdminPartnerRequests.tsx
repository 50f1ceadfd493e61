import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  partnerAnswerMessageMaxLength,
  partnerContactChannelLabels,
  type AdminPartnerRequest,
  type PartnerRequestStatus,
} from '@uplift/contracts';
import { formatMoment } from '../../../lib/format/dateTime.ts';
import { toast } from '../../../lib/toasts/toastStore.ts';
import { useAnswerPartnerRequest } from '../api/answerPartnerRequest.ts';
import { adminPartnerRequestsQueryOptions } from '../api/getAdminPartnerRequests.ts';
import { RequestStatus } from './RequestStatus.tsx';
import { Button } from '../../../ui/Button.tsx';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';

type Filter = PartnerRequestStatus | 'all';
const filters: Array<{ value: Filter; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
  { value: 'all', label: 'All' },
];

function RequestItem({ request }: { request: AdminPartnerRequest }) {
  const answer = useAnswerPartnerRequest();
  const [message, setMessage] = useState('');
  const messageId = `answer-message-${request.id}`;
  const send = (status: 'accepted' | 'declined') =>
    answer.mutate(
      // An empty box sends no message: the member then gets the plain answer.
      { id: request.id, status, ...(message.trim() ? { message: message.trim() } : {}) },
      {
        onSuccess: () =>
          toast.success(`${request.member.displayName}'s request to ${request.partnerName} was ${status}.`),
        onError: (error) => toast.error(error.message, { title: 'Not answered' }),
      },
    );
  return (
    <li className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {request.member.displayName} → {request.partnerName}
        </h3>
        <RequestStatus status={request.status} />
      </div>
      <p className="text-sm text-slate-700">
        {formatMoment(request.createdAt, 'dateTime')} · {request.member.email} · prefers{' '}
        {partnerContactChannelLabels[request.preferredContact].toLowerCase()}
      </p>
      <p className="whitespace-pre-line break-words text-slate-800">{request.message}</p>
      {request.answerMessage && (
        <p className="whitespace-pre-line break-words text-sm text-slate-700">
          <span className="font-medium">Reply sent: </span>
          {request.answerMessage}
        </p>
      )}
      {request.status === 'pending' && (
        <div className="space-y-1">
          <label htmlFor={messageId} className="block text-sm font-medium text-slate-900">
            Message to {request.member.displayName} (optional)
          </label>
          <textarea
            id={messageId}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            maxLength={partnerAnswerMessageMaxLength}
            rows={2}
            className="block w-full rounded-xl border border-slate-300 p-2 text-slate-900"
          />
        </div>
      )}
      {request.status === 'pending' && (
        <div className="flex gap-2">
          <Button
            disabled={answer.isPending}
            onClick={() => send('accepted')}
            aria-label={`Accept ${request.member.displayName}'s request to ${request.partnerName}`}
          >
            Accept
          </Button>
          <Button
            variant="secondary"
            disabled={answer.isPending}
            onClick={() => send('declined')}
            aria-label={`Decline ${request.member.displayName}'s request to ${request.partnerName}`}
          >
            Decline
          </Button>
        </div>
      )}
    </li>
  );
}

/** Admin work list of connection requests: pending first (oldest first), answer each in place. */
export function AdminPartnerRequests() {
  const [filter, setFilter] = useState<Filter>('pending');
  const requests = useQuery(adminPartnerRequestsQueryOptions(filter));
  return (
    <section aria-labelledby="admin-partner-requests-heading" className="space-y-4">
      <h2 id="admin-partner-requests-heading" className="text-xl font-bold text-slate-900">
        Connection requests
      </h2>
      <div role="group" aria-label="Show requests" className="flex flex-wrap gap-2">
        {filters.map(({ value, label }) => (
          // eslint-disable-next-line no-restricted-syntax -- a filter toggle (aria-pressed), one of a row of chips
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
            className="min-h-11 rounded-full border border-slate-300 px-4 font-medium text-slate-900 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
          >
            {label}
          </button>
        ))}
      </div>
      <LoadAlert className="text-slate-700">
        {!requests.data && requests.isError && 'Requests could not be loaded. Try again in a moment.'}
      </LoadAlert>
      {requests.data ? (
        requests.data.items.length === 0 ? (
          <p className="text-slate-700">No {filter === 'all' ? '' : `${filter} `}requests.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {requests.data.total} {requests.data.total === 1 ? 'request' : 'requests'}
            </p>
            <ul className="space-y-3">
              {requests.data.items.map((request) => (
                <RequestItem key={request.id} request={request} />
              ))}
            </ul>
          </>
        )
      ) : requests.isError ? null : (
        <p role="status" className="text-slate-700">
          Loading requests…
        </p>
      )}
    </section>
  );
}
