import { queryOptions } from '@tanstack/react-query';
import { skillRecommendationsResponseSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { skillsKeys } from './keys.ts';

/** GET /api/skills/recommendations: what to watch, read and whom to contact for the weakest skills. */
export function recommendationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: skillsKeys.recommendations(userId),
    queryFn: ({ signal }) =>
      http.get('/skills/recommendations', { schema: skillRecommendationsResponseSchema, signal }),
  });
}
