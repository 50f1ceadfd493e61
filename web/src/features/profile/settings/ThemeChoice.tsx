import { themePreferences, type ThemePreference } from '@uplift/contracts';
import { useId } from 'react';
import { setThemePreference, useThemePreference } from '../../../lib/theme/index.ts';

const labels: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };

const card = 'space-y-2 rounded-card border border-line bg-surface p-4 shadow-sm';

/**
 * Light, dark, or as the device is set (the default): applied at once and kept on this device; `onChosen`
 * gets the choice too, for a member's copy on the server that their other devices follow.
 */
export function ThemeChoice({ onChosen }: { onChosen?: (theme: ThemePreference) => void }) {
  const name = useId();
  const headingId = useId();
  const chosen = useThemePreference();
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        Appearance
      </h2>
      <fieldset>
        <legend className="font-medium text-ink">Theme</legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {themePreferences.map((theme) => (
            <label key={theme} className="flex min-h-touch items-center gap-2 text-ink">
              <input
                type="radio"
                name={name}
                value={theme}
                checked={chosen === theme}
                onChange={() => {
                  setThemePreference(theme);
                  onChosen?.(theme);
                }}
                className="size-5 accent-brand-600"
              />
              {labels[theme]}
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
