import { hapticPreferenceDefaults } from '@uplift/contracts';

/** SPEC §3 haptic preferences: a master switch and one switch per kind of feedback. */
export interface HapticPreferences {
  enabled: boolean;
  buttons: boolean;
  navigation: boolean;
  notifications: boolean;
  selections: boolean;
  logo: boolean;
}

export type HapticCategory = Exclude<keyof HapticPreferences, 'enabled'>;

export const defaultHapticPreferences: HapticPreferences = { ...hapticPreferenceDefaults };

const storageKey = 'uplift.hapticPreferences';

/** Reads stored preferences; unknown or missing fields take SPEC's defaults. */
export function parseHapticPreferences(raw: string | null): HapticPreferences {
  if (!raw) return { ...defaultHapticPreferences };
  try {
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null) return { ...defaultHapticPreferences };
    const result = { ...defaultHapticPreferences };
    for (const key of Object.keys(result) as (keyof HapticPreferences)[]) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === 'boolean') result[key] = value;
    }
    return result;
  } catch {
    return { ...defaultHapticPreferences };
  }
}

export function allowsHaptic(preferences: HapticPreferences, category: HapticCategory): boolean {
  return preferences.enabled && preferences[category];
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Private modes may refuse storage access outright.
    return null;
  }
}

export function loadHapticPreferences(): HapticPreferences {
  return parseHapticPreferences(storage()?.getItem(storageKey) ?? null);
}

export function saveHapticPreferences(preferences: HapticPreferences): void {
  try {
    storage()?.setItem(storageKey, JSON.stringify(preferences));
  } catch {
    // A full or refused storage only loses the preference, never the interaction.
  }
}
