import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  liveResyncEventType,
  notificationsChangedEvent,
  partnerContactChannelLabels,
} from '@uplift/contracts';
import { useCurrentUser } from '../../auth/index.ts';
import { formatMoment } from '../../../lib/format/dateTime.ts';
import { useLiveEvent } from '../../../lib/live/index.ts';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { myPartnerRequestsQueryOptions } from '../api/getMyPartnerRequests.ts';
import { useQueuedConnects } from '../hooks/useQueuedConnects.ts';
import { PartnerLogo } from './PartnerLogo.tsx';
import { RequestStatus } from './RequestStatus.tsx';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';

/** The signed-in member's connection requests with their status (their profile shows this). */
export function MyPartnerRequests() {
  const user = useCurrentUser();
  const online = useIsOnline();
  const queued = useQueuedConnects(user?.id ?? null);
  const requests = useQuery({ ...myPartnerRequestsQueryOptions(user?.id ?? ''), enabled: user !== null });
  // An answer reaches the member as a notification, live on every device: the status here follows it
  // rather than saying "Pending" until a reload.
  const queryClient = useQueryClient();
  const refresh = () => {
    if (user)
      void queryClient.invalidateQueries({ queryKey: myPartnerRequestsQueryOptions(user.id).queryKey });
  };
  useLiveEvent(notificationsChangedEvent, refresh);
  useLiveEvent(liveResyncEventType, refresh);
  if (!user) return null;

  let body;
  if (requests.data) {
    body =
      requests.data.items.length === 0 && queued.size === 0 ? (
        <p className="text-slate-700">
          No requests yet.{' '}
          <Link to="/partners" className="font-medium text-brand-700 underline">
            Find a partner
          </Link>{' '}
          to connect with.
        </p>
      ) : (
        <ul className="space-y-3">
          {queued.size > 0 && (
            <li className="flex items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4">
              <span className="text-slate-800">
                {queued.size === 1 ? 'One request' : `${queued.size} requests`} will be sent when you are back
                online.
              </span>
              <RequestStatus status="queued" />
            </li>
          )}
          {requests.data.items.map((request) => (
            <li key={request.id} className="rounded-2xl border border-slate-200 bg-white p-4">
              <div className="flex items-center gap-3">
                <PartnerLogo svg={request.partnerLogoSvg} size={40} />
                <Link
                  to={`/partners/${request.partnerId}`}
                  className="inline-flex min-h-11 min-w-0 flex-1 items-center font-semibold text-slate-900 underline"
                >
                  {request.partnerName}
                </Link>
                <RequestStatus status={request.status} />
              </div>
              <p className="mt-2 text-sm text-slate-700">
                Sent {formatMoment(request.createdAt, 'date')} · reply by{' '}
                {partnerContactChannelLabels[request.preferredContact].toLowerCase()}
              </p>
              {request.answerMessage && (
                <p className="mt-2 whitespace-pre-line break-words text-slate-800">
                  <span className="font-medium">Their reply: </span>
                  {request.answerMessage}
                </p>
              )}
            </li>
          ))}
        </ul>
      );
  } else if (!online) {
    body = <p className="text-slate-700">Your requests will appear when you are back online.</p>;
  } else if (requests.isError) {
    body = null;
  } else {
    body = (
      <p role="status" className="text-slate-700">
        Loading your requests…
      </p>
    );
  }

  return (
    <section aria-labelledby="my-partner-requests-heading" className="space-y-3">
      <h2 id="my-partner-requests-heading" className="text-xl font-bold text-slate-900">
        Partner requests
      </h2>
      <LoadAlert className="text-slate-700">
        {!requests.data &&
          online &&
          requests.isError &&
          'Your requests could not be loaded. Try again in a moment.'}
      </LoadAlert>
      {body}
    </section>
  );
}
