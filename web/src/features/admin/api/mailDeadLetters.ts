import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { mailDeadLetterPageSchema, mailDeadLetterSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

/** Under the admin keys; a retry also refreshes the audit log, which records it. */
const deadLetterKeys = {
  all: ['admin', 'mail', 'dead-letters'] as const,
  page: (page: number) => ['admin', 'mail', 'dead-letters', page] as const,
};

export const deadLetterPageSize = 10;

/** GET /api/admin/mail/dead-letters: mail given up after its last retry, newest first. */
export function deadLettersQueryOptions(page: number) {
  return queryOptions({
    queryKey: deadLetterKeys.page(page),
    queryFn: ({ signal }) =>
      http.get(`/admin/mail/dead-letters?page=${page}&pageSize=${deadLetterPageSize}`, {
        schema: mailDeadLetterPageSchema,
        signal,
      }),
    meta: { offlineCache: false },
  });
}

/** POST /api/admin/mail/dead-letters/:id/retry: queues the message again; it leaves the list. */
export function useRetryDeadLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.post(`/admin/mail/dead-letters/${encodeURIComponent(id)}/retry`, {
        schema: mailDeadLetterSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deadLetterKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
