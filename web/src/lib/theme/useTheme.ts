import type { ThemePreference } from '@uplift/contracts';
import { useSyncExternalStore } from 'react';
import { subscribeTheme, themePreference } from './theme.ts';

/** The theme choice on this device, for a settings control that shows it. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribeTheme, themePreference, () => 'system');
}
