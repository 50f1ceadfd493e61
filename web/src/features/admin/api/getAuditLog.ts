import { queryOptions } from '@tanstack/react-query';
import { auditLogPageSchema, type AuditLogQuery } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';
import { adminKeys, searchOf } from './keys.ts';

/** GET /api/admin/audit-log: newest first, filtered. */
export function auditLogQueryOptions(query: AuditLogQuery) {
  return queryOptions({
    queryKey: adminKeys.auditLog(query),
    queryFn: ({ signal }) =>
      http.get(`/admin/audit-log?${searchOf(query)}`, { schema: auditLogPageSchema, signal }),
    meta: { offlineCache: false },
  });
}
