import { useEffect, useState } from 'react';
import { pushChannelFor, type PushState } from '../api/pushChannel.ts';
import { Button } from '../../../ui/Button.tsx';

/**
 * "Turn on push notifications" for this device: web push in a browser, native push in the iOS and Android
 * shells; hidden where push cannot work.
 */
export function PushToggle({ userId }: { userId: string }) {
  const [channel] = useState(() => pushChannelFor(userId));
  const [state, setState] = useState<PushState | 'checking' | 'busy'>('checking');
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (!channel) return;
    let live = true;
    void channel
      .state()
      .then((current) => {
        if (live) setState(current);
      })
      .catch(() => {
        if (live) setState('off');
      });
    return () => {
      live = false;
    };
  }, [channel]);

  if (!channel || state === 'checking') return null;
  if (state === 'blocked') return <p className="text-sm text-slate-700">{channel.blockedMessage}</p>;

  async function toggle() {
    if (!channel) return;
    const wasOn = state === 'on';
    setState('busy');
    setMessage('');
    try {
      await (wasOn ? channel.turnOff() : channel.turnOn());
      setState(wasOn ? 'off' : 'on');
      setMessage(wasOn ? 'Push notifications are off on this device.' : 'Push notifications are on.');
    } catch (error) {
      setState(channel.stateAfterFailure(wasOn, error));
      setMessage('That did not work. Check your connection and try again.');
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" disabled={state === 'busy'} onClick={() => void toggle()}>
        {state === 'on' ? 'Turn off push notifications' : 'Turn on push notifications'}
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {message}
      </p>
    </div>
  );
}
