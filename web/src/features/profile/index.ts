import type { QueryClient } from '@tanstack/react-query';
import { preferencesQueryOptions } from './api/preferences.ts';

/**
 * A member's settings follow them to this device: their server copy is read once a session starts here,
 * and its theme and haptics applied (a theme chosen on the phone shows on the laptop). Offline, what this
 * device kept stays.
 */
export function followMemberPreferences(queryClient: QueryClient, userId: string): void {
  void queryClient.prefetchQuery(preferencesQueryOptions(userId));
}
