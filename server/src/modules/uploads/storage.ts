import path from 'node:path';
import type { Config } from '../../config.ts';
import { localFileStorage, type FileStorage } from './file-storage.ts';
import type { S3Settings } from './s3-storage.ts';

/** The bucket the configuration names, its files under `prefix`; null when S3_BUCKET is unset. */
export function s3Settings(config: Config, prefix: string): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix,
  };
}

/**
 * The uploads' storage the configuration names: the S3 bucket when S3_BUCKET is set, DATA_DIR otherwise.
 * The AWS SDK is loaded only then: a single machine never pays its start-up time and memory.
 */
export async function uploadStorage(config: Config): Promise<FileStorage> {
  const settings = s3Settings(config, 'uploads/');
  if (!settings) return localFileStorage(path.join(config.DATA_DIR, 'uploads'));
  const { s3FileStorage } = await import('./s3-storage.ts');
  return s3FileStorage(settings);
}
