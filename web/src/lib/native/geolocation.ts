import { debugLog } from '../errors/debug.ts';
import { isNativePlatform } from './platform.ts';

export interface Coordinates {
  lat: number;
  lng: number;
}

export type GeolocationFailure = 'denied' | 'unavailable' | 'timeout';

/** Why the position could not be read, in words a member can act on. */
export class GeolocationError extends Error {
  readonly reason: GeolocationFailure;
  constructor(reason: GeolocationFailure) {
    super(geolocationMessages[reason]);
    this.name = 'GeolocationError';
    this.reason = reason;
  }
}

export const geolocationMessages: Record<GeolocationFailure, string> = {
  denied: 'Location permission was denied, so partners are not sorted by distance.',
  unavailable: 'Your location could not be found, so partners are not sorted by distance.',
  timeout: 'Finding your location took too long, so partners are not sorted by distance.',
};

/** A coarse fix is enough to sort by distance, and arrives sooner and with less battery than GPS. */
const options = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 };

function webPosition(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      reject(new GeolocationError('unavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      (error) => {
        const reason: GeolocationFailure =
          error.code === error.PERMISSION_DENIED
            ? 'denied'
            : error.code === error.TIMEOUT
              ? 'timeout'
              : 'unavailable';
        reject(new GeolocationError(reason));
      },
      options,
    );
  });
}

/** Capacitor Geolocation in the shells, loaded on demand so the web bundle never carries it. */
async function nativePosition(): Promise<Coordinates> {
  const { Geolocation } = await import('@capacitor/geolocation');
  let permission = await Geolocation.checkPermissions();
  if (permission.location === 'prompt' || permission.location === 'prompt-with-rationale') {
    permission = await Geolocation.requestPermissions({ permissions: ['coarseLocation'] });
  }
  if (permission.location === 'denied') throw new GeolocationError('denied');
  try {
    const { coords } = await Geolocation.getCurrentPosition(options);
    return { lat: coords.latitude, lng: coords.longitude };
  } catch (error) {
    const message = error instanceof Error ? error.message.toLowerCase() : '';
    throw new GeolocationError(message.includes('timeout') ? 'timeout' : 'unavailable');
  }
}

/**
 * SPEC §7 "current geolocation": asks for permission when needed. Failures are logged and rethrown
 * (SPEC §8) as a GeolocationError, so the screen can say plainly what happened.
 */
export async function getCurrentPosition(): Promise<Coordinates> {
  try {
    return await (isNativePlatform() ? nativePosition() : webPosition());
  } catch (error) {
    debugLog('native', 'geolocation failed', error);
    throw error instanceof GeolocationError ? error : new GeolocationError('unavailable');
  }
}
