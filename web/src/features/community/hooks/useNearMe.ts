import { useState } from 'react';
import {
  GeolocationError,
  getCurrentPosition,
  type GeolocationFailure,
} from '../../../lib/native/geolocation.ts';

export type NearMeState =
  | { status: 'off' }
  | { status: 'locating' }
  | { status: 'on'; near: string }
  | { status: 'failed'; message: string };

const messages: Record<GeolocationFailure, string> = {
  denied: 'Location permission was denied, so members are not sorted by distance.',
  unavailable: 'Your location could not be found, so members are not sorted by distance.',
  timeout: 'Finding your location took too long, so members are not sorted by distance.',
};

/**
 * The directory's "Near me": asks for the location once (lib/native), rounded to about a kilometre before
 * it leaves the device, or says plainly why it could not.
 */
export function useNearMe() {
  const [state, setState] = useState<NearMeState>({ status: 'off' });
  async function locate() {
    setState({ status: 'locating' });
    try {
      const { lat, lng } = await getCurrentPosition();
      setState({ status: 'on', near: `${lat.toFixed(2)},${lng.toFixed(2)}` });
    } catch (error) {
      setState({
        status: 'failed',
        message: messages[error instanceof GeolocationError ? error.reason : 'unavailable'],
      });
    }
  }
  return { state, locate, clear: () => setState({ status: 'off' }) };
}
