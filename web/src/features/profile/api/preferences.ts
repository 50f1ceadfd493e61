import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { preferencesSchema, type Preferences, type PreferencesUpdate } from '@uplift/contracts';
import { saveHapticPreferences } from '../../../lib/haptics/preferences.ts';
import { setThemePreference } from '../../../lib/theme/index.ts';
import { http } from '../../../lib/http/index.ts';
import { sendOrQueue } from '../../../lib/offline/index.ts';
import { profileKeys } from './keys.ts';

/**
 * GET /api/settings/preferences. The haptic part and the theme are applied on this device as soon as they
 * arrive: a theme chosen on another device shows here too.
 */
export function preferencesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.preferences(userId),
    queryFn: async ({ signal }) => {
      const preferences = await http.get('/settings/preferences', { schema: preferencesSchema, signal });
      saveHapticPreferences(preferences.haptics);
      setThemePreference(preferences.theme);
      return preferences;
    },
  });
}

/** PATCH /api/settings/preferences: applied here at once, stored on the server (queued when offline). */
export function useUpdatePreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PreferencesUpdate) =>
      sendOrQueue({
        method: 'PATCH',
        path: '/settings/preferences',
        body: update,
        schema: preferencesSchema,
        type: 'preferences-update',
        description: 'Save your settings',
        ownerId: userId,
        notify: false,
      }),
    onMutate: async (update) => {
      const key = profileKeys.preferences(userId);
      // A load still in flight would land after this change and switch the toggle back.
      await queryClient.cancelQueries({ queryKey: key });
      const current = queryClient.getQueryData<Preferences>(key);
      if (!current) return;
      const next: Preferences = {
        haptics: { ...current.haptics, ...update.haptics },
        notifications: Object.fromEntries(
          Object.entries(current.notifications).map(([kind, channels]) => [
            kind,
            { ...channels, ...update.notifications?.[kind as keyof Preferences['notifications']] },
          ]),
        ) as Preferences['notifications'],
        email: { ...current.email, ...update.email },
        theme: update.theme ?? current.theme,
      };
      saveHapticPreferences(next.haptics);
      queryClient.setQueryData(key, next);
    },
    onSuccess: (result) => {
      if (result.status === 'sent') queryClient.setQueryData(profileKeys.preferences(userId), result.data);
    },
  });
}
