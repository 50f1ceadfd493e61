import type { ChatQuota } from '@uplift/contracts';
import { formatMoment } from '../../../lib/format/dateTime.ts';

/** When today's quota comes back: "00:00" in the reader's own clock. */
export function quotaResetTime(quota: ChatQuota): string {
  return formatMoment(quota.resetsAt, 'time');
}

/**
 * Today's remaining messages: "N of M messages left today", or unlimited (admins). When others on the
 * visitor's network have used part of the allowance, it says so: otherwise a new browser starting below
 * the full allowance looks like a bug.
 */
export function QuotaNote({ quota, className = '' }: { quota: ChatQuota | undefined; className?: string }) {
  if (!quota) return null;
  if (quota.limit === null || quota.remaining === null) {
    return <p className={className}>Unlimited messages today</p>;
  }
  return (
    <p className={className}>
      {quota.remaining} of {quota.limit} messages left today
      {quota.limitedBy === 'address' && <>, shared with others on your network</>}
      {quota.remaining === 0 && <> · more at {quotaResetTime(quota)}</>}
    </p>
  );
}
