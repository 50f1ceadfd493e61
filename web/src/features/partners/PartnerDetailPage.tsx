import { useQuery } from '@tanstack/react-query';
import { ExternalLink, MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { partnerCategoryLabels, skillAreaLabel } from '@uplift/contracts';
import { formatMoment } from '../../lib/format/dateTime.ts';
import { openInAppBrowser } from '../../lib/native/browser.ts';
import { useIsOnline } from '../../lib/offline/index.ts';
import { loginPath, useCurrentUser } from '../auth/index.ts';
import { myPartnerRequestsQueryOptions } from './api/getMyPartnerRequests.ts';
import { partnerQueryOptions } from './api/getPartner.ts';
import { ConnectDialog } from './components/ConnectDialog.tsx';
import { PartnerLogo } from './components/PartnerLogo.tsx';
import { RequestStatus } from './components/RequestStatus.tsx';
import { useQueuedConnects } from './hooks/useQueuedConnects.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadAlert } from '../../ui/LoadAlert.tsx';

export default function PartnerDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const online = useIsOnline();
  const [connecting, setConnecting] = useState(false);
  const partner = useQuery(partnerQueryOptions(id));
  const requests = useQuery({ ...myPartnerRequestsQueryOptions(user?.id ?? ''), enabled: user !== null });
  const queued = useQueuedConnects(user?.id ?? null);
  const mine = requests.data?.items.filter((request) => request.partnerId === partner.data?.id) ?? [];
  const isQueued =
    partner.data !== undefined && (queued.has(partner.data.id) || queued.has(partner.data.slug));
  const open = mine.find((request) => request.status === 'pending');
  const hasRequests = mine.length > 0 || isQueued;
  // A request just sent takes Connect away, and the focus with it: the focus goes to the request instead,
  // so a screen reader reads where it stands and the keyboard is not dropped at the top of the page.
  const requestsHeading = useRef<HTMLHeadingElement>(null);
  const [sentFromHere, setSentFromHere] = useState(false);
  useEffect(() => {
    if (!sentFromHere || !(open || isQueued)) return;
    requestsHeading.current?.focus();
    // The focus moved (a DOM system outside React); the flag is spent.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSentFromHere(false);
  }, [sentFromHere, open, isQueued]);

  if (!partner.data) {
    const missing = partner.error && 'status' in partner.error && partner.error.status === 404;
    return (
      <div className="space-y-3 py-6">
        <h1 className="text-2xl font-bold text-slate-900">{missing ? 'Partner not found' : 'Partner'}</h1>
        <LoadAlert className="text-slate-700">
          {missing
            ? 'This partner is not in the directory any more.'
            : online && partner.isError && 'This partner could not be loaded. Try again in a moment.'}
        </LoadAlert>
        {missing || (online && partner.isError) ? null : (
          <p role={partner.isPending && online ? 'status' : undefined} className="text-slate-700">
            {online
              ? 'Loading partner…'
              : 'This partner needs a connection the first time. Try again online.'}
          </p>
        )}
        <Link
          to="/partners"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
        >
          All partners
        </Link>
      </div>
    );
  }

  const p = partner.data;
  const website = p.website;

  function startConnect() {
    if (!user) {
      void navigate(loginPath({ redirectTo: `${location.pathname}${location.search}` }));
      return;
    }
    setConnecting(true);
  }

  return (
    <article className="space-y-5 py-6">
      <Link to="/partners" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
        All partners
      </Link>
      <header className="flex items-start gap-4">
        <PartnerLogo svg={p.logoSvg} size={64} />
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{p.name}</h1>
          <p className="text-slate-700">{partnerCategoryLabels[p.category]}</p>
        </div>
      </header>
      <p className="text-slate-800">{p.description}</p>
      <p className="flex items-start gap-2 text-slate-800">
        <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {p.address}
      </p>
      <ul aria-label="Skills" className="flex flex-wrap gap-2">
        {p.skillTags.map((tag) => (
          <li key={tag} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900">
            {skillAreaLabel(tag)}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        {open || isQueued ? null : <Button onClick={startConnect}>Connect</Button>}
        {website && (
          <Button variant="secondary" onClick={() => void openInAppBrowser(website)}>
            <ExternalLink aria-hidden="true" className="size-5" />
            Visit website
          </Button>
        )}
      </div>
      {hasRequests && (
        <section aria-labelledby="your-requests" className="space-y-2">
          <h2
            ref={requestsHeading}
            id="your-requests"
            tabIndex={-1}
            className="text-lg font-bold text-slate-900 outline-none"
          >
            Your requests
          </h2>
          <ul className="space-y-2">
            {isQueued && (
              <li className="flex items-center justify-between gap-3">
                <span className="text-slate-800">Will be sent when you are back online</span>
                <RequestStatus status="queued" />
              </li>
            )}
            {mine.map((request) => (
              <li key={request.id} className="flex items-center justify-between gap-3">
                <span className="text-slate-800">Sent {formatMoment(request.createdAt, 'date')}</span>
                <RequestStatus status={request.status} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {user && (
        <ConnectDialog
          partner={p}
          userId={user.id}
          open={connecting}
          onClose={() => setConnecting(false)}
          onSent={() => setSentFromHere(true)}
        />
      )}
    </article>
  );
}
