import { rm } from 'node:fs/promises';

/** The run's embedded database and the native bundle built for it. */
export default async function removeRunFolders() {
  for (const folder of [process.env.E2E_DATA_DIR, process.env.E2E_NATIVE_BUNDLE_DIR]) {
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}
