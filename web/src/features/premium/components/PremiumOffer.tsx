import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { formatMoment } from '../../../lib/format/dateTime.ts';
import { HttpError } from '../../../lib/http/index.ts';
import { useCurrentUser } from '../../auth/index.ts';
import { premiumRequestQueryOptions, useRequestPremium } from '../api/premiumRequest.ts';
import { Button } from '../../../ui/Button.tsx';

/**
 * What premium gives and how a member gets it: there is no payment, the community's admins grant it, so
 * the way in is a request to them. Once asked, it says "Requested" (on every device: the server keeps it).
 */
export function PremiumOffer({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  const mine = useQuery({ ...premiumRequestQueryOptions(userId), enabled: Boolean(user) });
  const ask = useRequestPremium(userId);
  const muted = tone === 'dark' ? 'text-slate-100' : 'text-slate-700';
  const request = mine.data?.request ?? null;
  const failed =
    ask.error instanceof HttpError && ask.error.status !== 409
      ? ask.error.statusMessage
      : ask.error && !(ask.error instanceof HttpError)
        ? 'Your request could not be sent: it needs a connection.'
        : null;
  return (
    <div className="space-y-2">
      <p className={muted}>
        Premium gives you every premium video, a larger daily allowance of questions to Vale, and the detailed
        skills report (how you compare with other members, and your history). There is nothing to pay: the
        community’s admins upgrade members who ask.
      </p>
      {request ? (
        <p role="status" className="flex items-center gap-2 font-semibold">
          <Check aria-hidden="true" className="size-5" /> Requested on{' '}
          {formatMoment(request.requestedAt, 'longDate')}. The admins have been told; premium opens here once
          they upgrade you.
        </p>
      ) : (
        <Button disabled={!user || mine.isPending || ask.isPending} onClick={() => ask.mutate()}>
          {ask.isPending ? 'Sending your request…' : 'Ask the admins for premium'}
        </Button>
      )}
      {failed && <p role="alert">{failed}</p>}
    </div>
  );
}
