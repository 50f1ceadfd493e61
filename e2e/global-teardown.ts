import { rm } from 'node:fs/promises';

/** The run's embedded database, the mail it sent and the native bundle built for it. */
export default async function removeRunFolders() {
  for (const folder of [
    process.env.E2E_DATA_DIR,
    process.env.E2E_MAILBOX_DIR,
    process.env.E2E_NATIVE_BUNDLE_DIR,
  ]) {
    // The embedded PostgreSQL may still be writing as it stops: a file it adds mid-removal fails rmdir
    // with ENOTEMPTY (seen once on CI), which rm retries.
    if (folder) await rm(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
