import type { AdminUserFilter } from '@uplift/contracts';
import { apiUrl } from '../../../lib/http/index.ts';
import { searchOf } from './keys.ts';

/** GET /api/users/export.csv: the browser downloads the streamed file itself, however large. */
export function usersExportUrl(filter: AdminUserFilter): string {
  const search = searchOf(filter);
  return apiUrl(`/users/export.csv${search ? `?${search}` : ''}`);
}
