import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  outcomeListSchema,
  outcomeSchema,
  successResponseSchema,
  type OutcomeInput,
} from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { sendOrQueue } from '../../../lib/offline/index.ts';
import { impactKeys } from '../../impact/index.ts';
import { profileKeys } from './keys.ts';

/** GET /api/profile/outcomes: the member's own reported outcomes, latest first. */
export function outcomesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.outcomes(userId),
    queryFn: ({ signal }) => http.get('/profile/outcomes', { schema: outcomeListSchema, signal }),
  });
}

/** POST, PUT or DELETE /api/profile/outcomes[/:id], through the offline queue; the impact panel refetches. */
export function useSaveOutcome(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      remove,
    }: {
      id?: string;
      input?: OutcomeInput;
      remove?: boolean;
    }): Promise<{ status: 'sent' | 'queued' }> => {
      const path = id ? `/profile/outcomes/${encodeURIComponent(id)}` : '/profile/outcomes';
      if (remove) {
        return sendOrQueue({
          method: 'DELETE',
          path,
          schema: successResponseSchema,
          type: 'outcome-delete',
          description: 'Delete an outcome',
          ownerId: userId,
        });
      }
      return sendOrQueue({
        method: id ? 'PUT' : 'POST',
        path,
        body: input,
        schema: outcomeSchema,
        type: 'outcome-save',
        description: id ? 'Change an outcome' : 'Report an outcome',
        ownerId: userId,
      });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.outcomes(userId) }),
        queryClient.invalidateQueries({ queryKey: impactKeys.all }),
      ]),
  });
}
