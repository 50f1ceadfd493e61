import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type ProfileUpdate } from '@uplift/contracts';
import { sendOrQueue } from '../../../lib/offline/index.ts';
import { profileKeys } from './keys.ts';

/** PATCH /api/profile, through the offline queue: saved now, or replayed once when back online. */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) =>
      sendOrQueue({
        method: 'PATCH',
        path: '/profile',
        body: update,
        schema: profileSchema,
        type: 'profile-update',
        description: 'Save your profile',
        ownerId: userId,
      }),
    onSuccess: async (result) => {
      if (result.status === 'sent') queryClient.setQueryData(profileKeys.member(userId, userId), result.data);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
