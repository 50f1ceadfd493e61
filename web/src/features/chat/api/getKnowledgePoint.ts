import { queryOptions } from '@tanstack/react-query';
import type { knowledgePointSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { chatKeys } from './keys.ts';

/** GET /api/knowledge-points/:idOrSlug: what a citation opens. */
export function knowledgePointQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: chatKeys.knowledgePoint(idOrSlug),
    queryFn: ({ signal }) =>
      http.get(`/knowledge-points/${encodeURIComponent(idOrSlug)}`, {
        schema: serverChecked<typeof knowledgePointSchema>(),
        signal,
      }),
    staleTime: 10 * 60_000,
  });
}
