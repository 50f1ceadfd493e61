import { useState } from 'react';
import {
  GeolocationError,
  geolocationMessages,
  getCurrentPosition,
} from '../../../lib/native/geolocation.ts';
import { rememberLocation } from '../lastLocation.ts';

export type NearMeState =
  | { status: 'off' }
  | { status: 'locating' }
  | { status: 'on'; near: string }
  | { status: 'failed'; message: string };

/** "Near me": asks for the location (lib/native), remembers it for Home, or says plainly why it could not. */
export function useNearMe() {
  const [state, setState] = useState<NearMeState>({ status: 'off' });
  async function locate() {
    setState({ status: 'locating' });
    try {
      setState({ status: 'on', near: rememberLocation(await getCurrentPosition()) });
    } catch (error) {
      const reason = error instanceof GeolocationError ? error.reason : 'unavailable';
      setState({ status: 'failed', message: geolocationMessages[reason] });
    }
  }
  return { state, locate, clear: () => setState({ status: 'off' }) };
}
