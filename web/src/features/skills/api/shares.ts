import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  sharedSkillResultSchema,
  skillShareSchema,
  skillSharesResponseSchema,
  successResponseSchema,
  type SkillAreaId,
} from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { skillsKeys } from './keys.ts';

/** GET /api/skills/shares: the results the member shares. */
export function sharesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: skillsKeys.shares(userId),
    queryFn: ({ signal }) => http.get('/skills/shares', { schema: skillSharesResponseSchema, signal }),
  });
}

/**
 * POST /api/skills/shares and DELETE /api/skills/shares/:id: online only, as the link to share comes
 * from the server and stopping must take effect before the member is told it has.
 */
export function useShareActions(userId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: skillsKeys.shares(userId) });
  const share = useMutation({
    mutationFn: (skill: SkillAreaId) =>
      http.post('/skills/shares', {
        body: { skill },
        schema: skillShareSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onSuccess: refresh,
  });
  const stop = useMutation({
    mutationFn: (id: string) =>
      http.delete(`/skills/shares/${encodeURIComponent(id)}`, {
        schema: successResponseSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onSuccess: refresh,
  });
  return { share, stop };
}

/** GET /api/skills/shared/:id: a shared result, as anyone with the link sees it. */
export function sharedResultQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['skills', 'shared', id] as const,
    queryFn: ({ signal }) =>
      http.get(`/skills/shared/${encodeURIComponent(id)}`, { schema: sharedSkillResultSchema, signal }),
    retry: false,
  });
}
