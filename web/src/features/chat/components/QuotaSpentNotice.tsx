import type { ChatQuota } from '@uplift/contracts';
import { memo } from 'react';
import { Link } from 'react-router';
import { loginPath } from '../../auth/index.ts';
import { quotaResetTime } from './QuotaNote.tsx';

interface QuotaSpentNoticeProps {
  quota: ChatQuota;
  /** Visitors are offered to sign in for a larger quota. */
  member: boolean;
  id: string;
}

/** Shown in place of a composer that would only fail: why nothing can be sent, and what to do instead. */
export const QuotaSpentNotice = memo(function QuotaSpentNotice({ quota, member, id }: QuotaSpentNoticeProps) {
  return (
    <div id={id} className="mb-2 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">
        {quota.limitedBy === 'address'
          ? "Today's free messages on your network are used up."
          : `You've used all ${quota.limit} of today's messages.`}
      </p>
      <p className="mt-0.5">
        More at {quotaResetTime(quota)}.
        {!member && ' Free messages are counted per browser, with a daily ceiling for each network.'}
      </p>
      {!member && (
        <Link
          to={loginPath({ redirectTo: '/chat' })}
          className="mt-2 inline-flex min-h-11 items-center rounded-full bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
        >
          Sign in for a larger daily quota
        </Link>
      )}
    </div>
  );
});
