import path from 'node:path';
import type { Config } from '../../config.ts';
import { localFileStorage, type FileStorage } from './file-storage.ts';

/**
 * The uploads' storage the configuration names: the S3 bucket when S3_BUCKET is set, DATA_DIR otherwise.
 * The AWS SDK is loaded only then: a single machine never pays its start-up time and memory.
 */
export async function uploadStorage(config: Config): Promise<FileStorage> {
  if (!config.S3_BUCKET) return localFileStorage(path.join(config.DATA_DIR, 'uploads'));
  const { s3FileStorage } = await import('./s3-storage.ts');
  return s3FileStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: 'uploads/',
  });
}
