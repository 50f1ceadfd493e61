import { queryOptions } from '@tanstack/react-query';
import { skillResultsResponseSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { skillsKeys } from './keys.ts';

/** GET /api/skills/results: latest result per skill, the attempt in progress, history by tier. */
export function resultsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: skillsKeys.results(userId),
    queryFn: ({ signal }) => http.get('/skills/results', { schema: skillResultsResponseSchema, signal }),
  });
}
