/**
 * Stored files (profile photos, post images, video files): one interface, a local folder or an S3 bucket
 * behind it, chosen by the configuration. Decision 0047. Other modules import this file only.
 */
export type { Storage } from './storage.ts';
export { createStorage } from './create-storage.ts';
export { localFolderStorage } from './local-storage.ts';
