import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assessmentStateSchema, type SkillAreaId } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { skillsKeys } from './keys.ts';

/** POST /api/skills/assessments: needs a connection (the first question comes from the server). */
export function useStartAssessment(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skills: SkillAreaId[]) =>
      http.post('/skills/assessments', {
        body: { skills },
        schema: assessmentStateSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onSuccess: (state) => {
      queryClient.setQueryData(skillsKeys.assessment(userId, state.id), state);
      return queryClient.invalidateQueries({ queryKey: skillsKeys.results(userId) });
    },
  });
}
