import { useEffect, useState } from 'react';
import {
  currentPushSubscription,
  subscribeToPush,
  unsubscribeFromPush,
  webPushSupported,
} from '../api/push.ts';

type PushState = 'checking' | 'off' | 'on' | 'blocked' | 'busy';

/** "Turn on push notifications" for this browser; hidden where web push cannot work. */
export function PushToggle() {
  const [supported] = useState(webPushSupported);
  const [state, setState] = useState<PushState>(() =>
    supported && Notification.permission === 'denied' ? 'blocked' : 'checking',
  );
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (!supported || Notification.permission === 'denied') return;
    let live = true;
    void currentPushSubscription().then((subscription) => {
      if (live) setState(subscription ? 'on' : 'off');
    });
    return () => {
      live = false;
    };
  }, [supported]);

  if (!supported || state === 'checking') return null;
  if (state === 'blocked')
    return (
      <p className="text-sm text-slate-700">
        Push notifications are blocked for this site. Allow them in your browser's site settings to get them
        here.
      </p>
    );

  async function toggle() {
    const wasOn = state === 'on';
    setState('busy');
    setMessage('');
    try {
      if (wasOn) {
        const subscription = await currentPushSubscription();
        if (subscription) await unsubscribeFromPush(subscription);
      } else {
        await subscribeToPush();
      }
      setState(wasOn ? 'off' : 'on');
      setMessage(wasOn ? 'Push notifications are off on this device.' : 'Push notifications are on.');
    } catch {
      setState(Notification.permission === 'denied' ? 'blocked' : wasOn ? 'on' : 'off');
      setMessage('That did not work. Check your connection and try again.');
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        disabled={state === 'busy'}
        onClick={() => void toggle()}
        className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800 disabled:opacity-50"
      >
        {state === 'on' ? 'Turn off push notifications' : 'Turn on push notifications'}
      </button>
      <p role="status" className="text-sm text-slate-700">
        {message}
      </p>
    </div>
  );
}
