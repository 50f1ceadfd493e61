import { queryOptions } from '@tanstack/react-query';
import {
  auditActorsSchema,
  auditLogPageSchema,
  type AuditLogFilter,
  type AuditLogQuery,
} from '@uplift/contracts';
import { apiUrl, http } from '../../../lib/http/index.ts';
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

/** GET /api/admin/audit-log/actors: the admins who have acted, for the actor filter. */
export function auditActorsQueryOptions() {
  return queryOptions({
    queryKey: [...adminKeys.audit(), 'actors'] as const,
    queryFn: ({ signal }) => http.get('/admin/audit-log/actors', { schema: auditActorsSchema, signal }),
    meta: { offlineCache: false },
  });
}

/** GET /api/admin/audit-log/export.csv: the browser downloads the streamed file itself. */
export function auditExportUrl(filter: AuditLogFilter): string {
  const search = searchOf(filter);
  return apiUrl(`/admin/audit-log/export.csv${search ? `?${search}` : ''}`);
}
