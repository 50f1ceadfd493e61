import { CloudOff, X } from 'lucide-react';
import { memo } from 'react';
import { IconButton } from '../../../ui/IconButton.tsx';

interface OfflineNoticeProps {
  /** No connection right now. */
  offline: boolean;
  /** A question written offline, waiting to be sent. */
  pending: string | null;
  onCancelPending: () => void;
}

/**
 * Vale answers on the server, so offline the chat says so, and holds one question to send as soon as the
 * connection returns. Conversations read before stay readable meanwhile.
 */
export const OfflineNotice = memo(function OfflineNotice({
  offline,
  pending,
  onCancelPending,
}: OfflineNoticeProps) {
  if (!offline && pending === null) return null;
  return (
    <div
      role="status"
      className="mb-2 rounded-2xl border border-slate-300 bg-slate-100 p-3 text-sm text-slate-900"
    >
      {offline && (
        <p className="flex items-start gap-2">
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            You&apos;re offline. Vale needs a connection to answer
            {pending === null ? ': write your question and it will be sent when you are back online.' : '.'}
          </span>
        </p>
      )}
      {pending !== null && (
        <div className="mt-2 flex items-start gap-2 rounded-xl bg-white py-1 pr-1 pl-3">
          <p className="min-w-0 flex-1 py-2 break-words">
            <span className="font-semibold">Waiting to send: </span>
            {pending}
          </p>
          <IconButton onClick={onCancelPending} label="Cancel the waiting question">
            <X aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
      )}
    </div>
  );
});
