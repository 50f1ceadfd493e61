import type { AdminUserFilter } from '@uplift/contracts';
import { requestStream } from '../../../lib/http/index.ts';
import { withTimedProgress } from '../../../lib/loading/trackedWork.ts';
import { saveTextFile } from '../../../lib/native/filesystem.ts';
import { searchOf } from './keys.ts';

/** The file name the server gives in Content-Disposition, else one of the same form. */
function fileNameOf(response: Response): string {
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return named?.[1] ?? `uplift-members-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * GET /api/users/export.csv, saved as a file (downloaded on the web, written to Documents in the shells,
 * where a plain link would carry no session). The wait shows on the loading overlay (decision 0111).
 * Resolves with the file's name.
 */
export function downloadUsersCsv(filter: AdminUserFilter): Promise<string> {
  const search = searchOf(filter);
  return withTimedProgress('Preparing the CSV...', async () => {
    const response = await requestStream(`/users/export.csv${search ? `?${search}` : ''}`, {
      headers: { Accept: 'text/csv' },
    });
    const name = fileNameOf(response);
    await saveTextFile(name, await response.text(), 'text/csv');
    return name;
  });
}
