import { useMutation } from '@tanstack/react-query';
import { type ReportReason } from '@uplift/contracts';
import type { communityReportReceiptSchema } from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';

export interface ReportTarget {
  postId: string;
  commentId?: string;
}

/** POST /api/community/reports: a second report by the same member changes nothing. */
export function useReport() {
  return useMutation({
    mutationFn: (input: ReportTarget & { reason: ReportReason; note?: string }) =>
      http.post('/community/reports', {
        body: input,
        schema: serverChecked<typeof communityReportReceiptSchema>(),
      }),
  });
}
