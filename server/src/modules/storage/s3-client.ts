import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

/**
 * A video someone is watching holds one connection to the bucket for as long as the browser reads, so the
 * SDK's default pool of 50 would make the 51st viewer on an instance wait for one to end.
 */
const maxSockets = 1024;

/** A client for the bucket; the SDK's own credential chain applies when no keys are given. */
export function s3Client(settings: S3Settings): S3Client {
  const pool = { maxSockets };
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    requestHandler: { httpAgent: pool, httpsAgent: pool },
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
}

/** The HTTP status of the bucket's refusal (the SDK throws for 304 too); undefined for anything else. */
export function bucketStatus(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

export const isMissing = (error: unknown) =>
  bucketStatus(error) === 404 || (error instanceof S3ServiceException && error.name === 'NoSuchKey');
