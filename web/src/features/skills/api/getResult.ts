import { queryOptions } from '@tanstack/react-query';
import { assessmentResultSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { skillsKeys } from './keys.ts';

/** GET /api/skills/assessments/:id/result: scores, bands, the review (and percentiles by tier). */
export function resultQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: skillsKeys.result(userId, id),
    queryFn: ({ signal }) =>
      http.get(`/skills/assessments/${encodeURIComponent(id)}/result`, {
        schema: assessmentResultSchema,
        signal,
      }),
    staleTime: Infinity,
  });
}
