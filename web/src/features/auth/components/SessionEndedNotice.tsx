import { sessionEndedMessages } from '@uplift/contracts';
import { useSessionEnded } from '../hooks.ts';

/**
 * Why the member was signed out, when the server said (an admin suspended them, with the reason if given):
 * an alert, so it is read out as the sign-in screen appears. What they were writing is kept as a draft.
 */
export function SessionEndedNotice() {
  const ended = useSessionEnded();
  if (!ended) return null;
  return (
    <div role="alert" className="space-y-1 rounded-xl border border-amber-300 bg-amber-50 p-3 text-slate-900">
      <p className="font-semibold">{sessionEndedMessages[ended.cause]}</p>
      {ended.reason && <p>Reason: {ended.reason}</p>}
      <p className="text-sm text-slate-700">
        Anything you were writing is kept on this device as a draft. If you think this is a mistake, contact
        the community admins.
      </p>
    </div>
  );
}
