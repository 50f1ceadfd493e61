import { useState } from 'react';
import { Field, inputClass } from '../../../ui/Field.tsx';
import { Button } from '../../../ui/Button.tsx';

interface PartnerLocationProps {
  lat: string;
  lng: string;
  onChange: (next: { lat: string; lng: string }) => void;
  errors: { lat?: string | undefined; lng?: string | undefined };
}

/** Where the partner is on the map ("near me" search): decimal degrees, typed or from this device. */
export function PartnerLocation({ lat, lng, onChange, errors }: PartnerLocationProps) {
  const [status, setStatus] = useState('');

  function useMyLocation() {
    if (!('geolocation' in navigator)) {
      setStatus('This device cannot share its location. Type the coordinates instead.');
      return;
    }
    setStatus('Finding your location…');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        // Five decimals is about a metre: enough for a map pin.
        onChange({ lat: position.coords.latitude.toFixed(5), lng: position.coords.longitude.toFixed(5) });
        setStatus('Filled in from your location.');
      },
      () => setStatus('Your location is not available. Type the coordinates instead.'),
      { timeout: 10_000 },
    );
  }

  return (
    <fieldset className="space-y-2">
      <legend className="font-medium text-slate-900">Map location</legend>
      <div className="grid grid-cols-1 gap-3 min-[380px]:grid-cols-2">
        <Field label="Latitude" hint="-90 to 90" error={errors.lat}>
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              className={inputClass}
              value={lat}
              onChange={(e) => onChange({ lat: e.target.value, lng })}
            />
          )}
        </Field>
        <Field label="Longitude" hint="-180 to 180" error={errors.lng}>
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              className={inputClass}
              value={lng}
              onChange={(e) => onChange({ lat, lng: e.target.value })}
            />
          )}
        </Field>
      </div>
      <Button variant="secondary" onClick={useMyLocation}>
        Use my location
      </Button>
      <p role="status" className="text-sm text-slate-800">
        {status}
      </p>
    </fieldset>
  );
}
