import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { GeolocationError, getCurrentPosition, type GeolocationFailure } from '../lib/native/geolocation.ts';

export type NearMeState =
  | { status: 'off' }
  | { status: 'locating' }
  | { status: 'on'; near: string }
  | { status: 'failed'; message: string };

type Point = { lat: number; lng: number };

const failures: Record<GeolocationFailure, string> = {
  denied: 'Location permission was denied',
  unavailable: 'Your location could not be found',
  timeout: 'Finding your location took too long',
};

/**
 * "Near me": asks for the location once (lib/native), rounded to about a kilometre before it leaves the
 * device ("51.51,-0.13"), or says plainly why it could not and what that means for the list (`sorted`:
 * "partners", "members").
 */
export function useNearMe(sorted: string, onLocated?: (point: Point) => void) {
  const [state, setState] = useState<NearMeState>({ status: 'off' });
  async function locate() {
    setState({ status: 'locating' });
    try {
      const point = await getCurrentPosition();
      onLocated?.(point);
      setState({ status: 'on', near: `${point.lat.toFixed(2)},${point.lng.toFixed(2)}` });
    } catch (error) {
      const reason = error instanceof GeolocationError ? error.reason : 'unavailable';
      setState({
        status: 'failed',
        message: `${failures[reason]}, so ${sorted} are not sorted by distance.`,
      });
    }
  }
  return { state, locate, clear: () => setState({ status: 'off' }) };
}

interface NearMeToggleProps {
  nearMe: ReturnType<typeof useNearMe>;
  /** What the list does while it is on ("Nearest first, within 50 km of you."). */
  onText: string;
  disabled?: boolean;
}

/** The "Near me" toggle button and, beside it, what it is doing, announced as it changes. */
export function NearMeToggle({ nearMe, onText, disabled = false }: NearMeToggleProps) {
  const { state } = nearMe;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-pressed={state.status === 'on'}
        disabled={state.status === 'locating' || disabled}
        onClick={() => (state.status === 'on' ? nearMe.clear() : void nearMe.locate())}
        className="inline-flex min-h-touch items-center gap-2 rounded-full border border-line bg-surface px-4 font-medium text-ink aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-on-accent disabled:opacity-60"
      >
        <LocateFixed aria-hidden="true" className="size-5" />
        Near me
      </button>
      <p role="status" className="text-sm text-ink-muted">
        {state.status === 'locating' && 'Finding your location…'}
        {state.status === 'on' && onText}
        {state.status === 'failed' && state.message}
      </p>
    </div>
  );
}
