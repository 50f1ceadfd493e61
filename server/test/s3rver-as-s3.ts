import { createRequire } from 'node:module';

/** What s3rver's GET handler is given (a Koa context), as far as it is read here. */
interface ObjectRequest {
  params: { bucket: string; key: string };
  headers: Record<string, string | undefined>;
  store: { getMetadata(bucket: string, key: string): Promise<Record<string, string>> };
}

const require = createRequire(import.meta.url);
const objects = require('s3rver/lib/controllers/object.js') as {
  getObject(request: ObjectRequest): Promise<void>;
};
const S3Error = require('s3rver/lib/models/error.js') as new (
  code: string,
  message: string,
  detail?: Record<string, string>,
) => Error;

function preconditionFails(headers: ObjectRequest['headers'], etag: string, lastModified: string) {
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined && ifMatch !== '*') {
    return !ifMatch.split(',').some((tag) => tag.trim() === etag);
  }
  const since = Date.parse(headers['if-unmodified-since'] ?? '');
  return !Number.isNaN(since) && Date.parse(lastModified) > since;
}

let filledIn = false;

/**
 * s3rver answers GetObject and HeadObject as S3 does but for two things S3 documents and the app's storage
 * relies on, as it relays the bucket's own answers (decision 0047): a suffix range (`bytes=-500`, the last
 * 500 bytes), which s3rver reads as bytes 0-500, and If-Match / If-Unmodified-Since, which s3rver ignores
 * where S3 answers 412. This fills in those two in front of s3rver's GET handler (after its signature
 * check, so the request it checked is the one the app signed). Once per process: the handler is shared.
 */
export function answerLikeS3() {
  if (filledIn) return;
  filledIn = true;
  const getObject = objects.getObject;
  objects.getObject = async (request) => {
    const { bucket, key } = request.params;
    const facts = await request.store.getMetadata(bucket, key).catch(() => null);
    if (facts) {
      if (preconditionFails(request.headers, facts.etag!, facts['last-modified']!)) {
        throw new S3Error(
          'PreconditionFailed',
          'At least one of the pre-conditions you specified did not hold',
        );
      }
      const suffix = /^bytes=-(\d+)$/.exec(request.headers.range ?? '');
      const size = Number(facts['content-length']);
      if (suffix) request.headers.range = `bytes=${Math.max(0, size - Number(suffix[1]))}-`;
    }
    return getObject(request);
  };
}
