import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSettingsSchema, type WhoCanMessage } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { messageKeys } from './keys.ts';

/** GET /api/messages/settings: who may message this member. */
export function messageSettingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: messageKeys.settings(userId),
    queryFn: ({ signal }) => http.get('/messages/settings', { schema: messageSettingsSchema, signal }),
  });
}

/** PUT /api/messages/settings. */
export function useSetWhoCanMessage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (whoCanMessage: WhoCanMessage) =>
      http.put('/messages/settings', { body: { whoCanMessage }, schema: messageSettingsSchema }),
    onSuccess: (settings) => queryClient.setQueryData(messageKeys.settings(userId), settings),
  });
}
