import { useQuery } from '@tanstack/react-query';
import { whoCanMessageOptions, type WhoCanMessage } from '@uplift/contracts';
import { useId, useState } from 'react';
import { messageSettingsQueryOptions, useSetWhoCanMessage } from '../api/settings.ts';
import { BlockedMembers } from './BlockedMembers.tsx';

/** Settings: who may message the member. The server refuses anyone else, whatever their app does. */
export function MessageSettingsSection({ userId }: { userId: string }) {
  const headingId = useId();
  const settings = useQuery(messageSettingsQueryOptions(userId));
  const update = useSetWhoCanMessage(userId);
  // The member's choice shows the moment it is made, held in the component's own state: the mutation's
  // pending state reaches the component a tick later, and in between a controlled radio snapped back to
  // the old choice (a tap could look refused). A refused save puts the saved choice back.
  const [chosen, setChosen] = useState<WhoCanMessage | null>(null);
  const current = chosen ?? settings.data?.whoCanMessage;
  if (!settings.data) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-card border border-line bg-surface p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        Messages
      </h2>
      <fieldset>
        <legend className="font-medium text-ink">Who can message me</legend>
        <div className="flex flex-col">
          {whoCanMessageOptions.map((option) => (
            <label key={option.id} className="flex min-h-touch items-center gap-2 text-ink">
              <input
                type="radio"
                name="who-can-message"
                className="size-5 accent-accent"
                checked={current === option.id}
                onChange={() => {
                  setChosen(option.id);
                  update.mutate(option.id, { onError: () => setChosen(null) });
                }}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-ink-muted">
        Members you blocked can never message you. Your conversations stay as they are.
      </p>
      <BlockedMembers userId={userId} />
      {update.isError && (
        <p role="alert" className="text-sm font-medium text-danger">
          The setting could not be saved. Try again.
        </p>
      )}
    </section>
  );
}
