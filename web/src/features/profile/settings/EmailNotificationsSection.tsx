import { useQuery } from '@tanstack/react-query';
import { emailFrequencies, emailNotificationKinds } from '@uplift/contracts';
import { useId } from 'react';
import { useCurrentUser } from '../../auth/index.ts';
import { preferencesQueryOptions, useUpdatePreferences } from '../api/preferences.ts';

const card = 'space-y-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm';

/**
 * Per kind, whether notifications also come by email: right away, in a daily digest, or never (issue 47.4).
 * Radio groups, so each choice is one keyboard stop and a screen reader reads the kind as the group's name.
 */
export function EmailNotificationsSection({ userId }: { userId: string }) {
  const headingId = useId();
  const user = useCurrentUser();
  const preferences = useQuery(preferencesQueryOptions(userId));
  const update = useUpdatePreferences(userId);
  const data = preferences.data;
  if (!data) return null;
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Email notifications
      </h2>
      {user?.emailVerified === false && (
        <p className="text-slate-800">These start once you confirm your email address.</p>
      )}
      {emailNotificationKinds.map((kind) => (
        <fieldset key={kind.id} className="border-t border-slate-200 pt-2">
          <legend className="font-medium text-slate-900">{kind.label}</legend>
          <div className="flex flex-wrap gap-x-4">
            {emailFrequencies.map((frequency) => (
              <label key={frequency.id} className="flex min-h-11 items-center gap-2 text-slate-900">
                <input
                  type="radio"
                  name={`email-${kind.id}`}
                  className="size-5 accent-brand-600"
                  checked={data.email[kind.id] === frequency.id}
                  onChange={() => update.mutate({ email: { [kind.id]: frequency.id } })}
                />
                {frequency.label}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </section>
  );
}
