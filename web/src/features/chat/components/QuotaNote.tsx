import type { ChatQuota } from '@uplift/contracts';

function resetTime(resetsAt: string): string {
  return new Date(resetsAt).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}

/** Today's remaining messages: "N of M messages left today", or unlimited (admins). */
export function QuotaNote({ quota, className = '' }: { quota: ChatQuota | undefined; className?: string }) {
  if (!quota) return null;
  if (quota.limit === null || quota.remaining === null) {
    return <p className={className}>Unlimited messages today</p>;
  }
  return (
    <p className={className}>
      {quota.remaining} of {quota.limit} messages left today
      {quota.remaining === 0 && <> · more at {resetTime(quota.resetsAt)}</>}
    </p>
  );
}
