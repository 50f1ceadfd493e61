import { useQuery } from '@tanstack/react-query';
import { notificationKinds, type Preferences } from '@uplift/contracts';
import { useId } from 'react';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { preferencesQueryOptions, useUpdatePreferences } from '../api/preferences.ts';
import { ThemeChoice } from './ThemeChoice.tsx';
import { Toggle } from './Toggle.tsx';

const hapticLabels: Array<[keyof Preferences['haptics'], string]> = [
  ['enabled', 'Haptic feedback'],
  ['buttons', 'Buttons'],
  ['navigation', 'Navigation'],
  ['notifications', 'Notifications'],
  ['selections', 'Selections'],
  ['logo', 'Logo'],
];

const card = 'space-y-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm';

/** Haptic and notification preferences, stored on the server so every device follows them. */
export function PreferencesSection({ userId }: { userId: string }) {
  const hapticsId = useId();
  const notificationsId = useId();
  const preferences = useQuery(preferencesQueryOptions(userId));
  const update = useUpdatePreferences(userId);
  const data = preferences.data;
  if (!data) {
    return (
      <>
        {preferences.isError ? null : (
          <p role="status" className="text-slate-700">
            Loading your settings…
          </p>
        )}
        <LoadAlert className="text-slate-700">
          {preferences.isError && 'Your settings could not be loaded.'}
        </LoadAlert>
      </>
    );
  }
  return (
    <>
      <ThemeChoice onChosen={(theme) => update.mutate({ theme })} />
      <section aria-labelledby={hapticsId} className={card}>
        <h2 id={hapticsId} className="text-lg font-semibold text-slate-900">
          Haptics
        </h2>
        {hapticLabels.map(([key, label]) => (
          <Toggle
            key={key}
            label={label}
            checked={data.haptics[key]}
            disabled={key !== 'enabled' && !data.haptics.enabled}
            onChange={(checked) => update.mutate({ haptics: { [key]: checked } })}
          />
        ))}
      </section>
      <section aria-labelledby={notificationsId} className={card}>
        <h2 id={notificationsId} className="text-lg font-semibold text-slate-900">
          Notification preferences
        </h2>
        {notificationKinds.map((kind) => (
          <fieldset key={kind.id} className="border-t border-slate-200 pt-2">
            <legend className="font-medium text-slate-900">{kind.label}</legend>
            <Toggle
              label="In the app"
              checked={data.notifications[kind.id].inApp}
              onChange={(checked) => update.mutate({ notifications: { [kind.id]: { inApp: checked } } })}
            />
            <Toggle
              label="Push"
              checked={data.notifications[kind.id].push}
              onChange={(checked) => update.mutate({ notifications: { [kind.id]: { push: checked } } })}
            />
          </fieldset>
        ))}
      </section>
    </>
  );
}
