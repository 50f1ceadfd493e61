import { queryOptions } from '@tanstack/react-query';
import { assessmentStateSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { skillsKeys } from './keys.ts';

/**
 * GET /api/skills/assessments/:id: the question to answer now. Kept in the offline content cache, so a
 * reload without a connection shows the same question.
 */
export function assessmentQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: skillsKeys.assessment(userId, id),
    queryFn: ({ signal }) =>
      http.get(`/skills/assessments/${encodeURIComponent(id)}`, { schema: assessmentStateSchema, signal }),
    staleTime: Infinity,
  });
}
