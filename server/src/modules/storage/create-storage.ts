import type { Config } from '../../config.ts';
import { localFolderStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

/**
 * The storage the configuration names: the S3 bucket when S3_BUCKET is set, so every instance serves what
 * one stored; DATA_DIR otherwise. The keys' folders (`uploads/`, `videos/`) are the same in both. The AWS
 * SDK is loaded only for a bucket: a single machine never pays its start-up time and memory (decision 0031).
 */
export async function createStorage(config: Config): Promise<Storage> {
  if (!config.S3_BUCKET) return localFolderStorage(config.DATA_DIR);
  const { s3Storage } = await import('./s3-storage.ts');
  return s3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    connectTimeoutMs: config.S3_CONNECT_TIMEOUT_MS,
    requestTimeoutMs: config.S3_REQUEST_TIMEOUT_MS,
    socketTimeoutMs: config.S3_SOCKET_TIMEOUT_MS,
  });
}
