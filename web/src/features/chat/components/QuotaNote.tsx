import type { ChatQuota } from '@uplift/contracts';
import { formatMoment } from '../../../lib/format/dateTime.ts';

/** When today's quota comes back: "00:00" in the reader's own clock. */
export function quotaResetTime(quota: ChatQuota): string {
  return formatMoment(quota.resetsAt, 'time');
}

/**
 * Today's remaining messages: "N of M messages left today", or unlimited (admins). When the visitor's
 * network is near its daily ceiling (all browsers on one address together), it says so: otherwise a
 * browser left fewer than its own allowance looks like a bug.
 */
export function QuotaNote({ quota, className = '' }: { quota: ChatQuota | undefined; className?: string }) {
  if (!quota) return null;
  if (quota.limit === null || quota.remaining === null) {
    return <p className={className}>Unlimited messages today</p>;
  }
  return (
    <p className={className}>
      {quota.remaining} of {quota.limit} messages left today
      {quota.limitedBy === 'address' && <>, all your network has left today</>}
      {quota.remaining === 0 && <> · more at {quotaResetTime(quota)}</>}
    </p>
  );
}
