import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadObjectCommand,
  type GetObjectCommandInput,
  type S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { bucketStatus, isMissing, liftSocketTimeout } from './s3-client.ts';
import { contentTypeOf, preconditionFailed, rangeNotSatisfiable, type Storage } from './storage.ts';

type Conditions = Pick<
  GetObjectCommandInput,
  'Range' | 'IfMatch' | 'IfNoneMatch' | 'IfModifiedSince' | 'IfUnmodifiedSince'
>;

/** One byte range, which S3 answers; it answers no more than one, so several get the whole file (as from send). */
const oneRange = /^bytes=(\d+-\d*|-\d+)$/;

function dateOf(value: string | undefined) {
  const time = Date.parse(value ?? '');
  return Number.isNaN(time) ? undefined : new Date(time);
}

/**
 * The request's conditions, handed to the bucket as they came. GetObject has no If-Range: the ranged read
 * is made conditional on the validator it names instead (If-Match for an ETag, If-Unmodified-Since for a
 * date), and `whole`, the read without the range, is what to send when that fails: the file has changed
 * since the client's partial copy.
 */
function conditionsOf(headers: IncomingHttpHeaders, ranges: boolean) {
  const own: Conditions = {
    IfMatch: headers['if-match'],
    IfNoneMatch: headers['if-none-match'],
    IfModifiedSince: dateOf(headers['if-modified-since']),
    IfUnmodifiedSince: dateOf(headers['if-unmodified-since']),
  };
  const range = ranges && headers.range && oneRange.test(headers.range) ? headers.range : undefined;
  // Node joins a repeated header into one string; its types allow a list all the same.
  const ifRange = headers['if-range'];
  if (!range) return { first: own, whole: null };
  if (typeof ifRange !== 'string') return { first: { ...own, Range: range }, whole: null };
  const isTag = ifRange.startsWith('"') || ifRange.startsWith('W/');
  const validator: Conditions = isTag ? { IfMatch: ifRange } : { IfUnmodifiedSince: dateOf(ifRange) };
  // An unreadable If-Range, or one the request's own If-Match would overwrite: a server may ignore a
  // Range, and the whole file is never wrong.
  if (!(validator.IfMatch ?? validator.IfUnmodifiedSince) || own.IfMatch || own.IfUnmodifiedSince) {
    return { first: own, whole: null };
  }
  return { first: { ...own, ...validator, Range: range }, whole: own };
}

/** What a 304 keeps of the file's headers: its validators, as the bucket sent them. */
function validatorsOf(error: S3ServiceException) {
  const sent = error.$response?.headers ?? {};
  return Object.fromEntries(
    ['etag', 'last-modified'].flatMap((name) => (sent[name] ? [[name, sent[name]]] : [])),
  ) as Record<string, string>;
}

/**
 * Answers a request for an object from the bucket's own answer: one GetObject (HeadObject for a HEAD)
 * carries the request's Range and conditions, and the bucket's status (200, 206, 304, 412, 416) and
 * headers are relayed. Nothing here decides ranges or freshness; `sizeOf` is asked only when a 416 did not
 * say how long the file is (a HEAD's refusal has no body).
 */
export function bucketServe(
  client: S3Client,
  objectOf: (key: string) => { Bucket: string; Key: string },
  sizeOf: (key: string) => Promise<number | null>,
): Storage['serve'] {
  return async (request, reply, key, { ranges, headers = {} }) => {
    const read = (conditions: Conditions) =>
      request.method === 'HEAD'
        ? client.send(new HeadObjectCommand({ ...objectOf(key), ...conditions }))
        : client.send(new GetObjectCommand({ ...objectOf(key), ...conditions }));
    const { first, whole } = conditionsOf(request.headers, ranges);
    const acceptRanges = ranges ? { 'accept-ranges': 'bytes' } : {};
    let found;
    try {
      found = await read(first).catch((error: unknown) => {
        if (whole && bucketStatus(error) === 412) return read(whole);
        throw error;
      });
    } catch (error) {
      if (isMissing(error)) return false;
      const status = bucketStatus(error);
      if (status === 304) {
        const validators = validatorsOf(error as S3ServiceException);
        reply
          .code(304)
          .headers({ ...acceptRanges, ...validators, ...headers })
          .send();
        return true;
      }
      if (status === 412) throw preconditionFailed();
      if (status !== 416) throw error;
      const told = Number((error as { ActualObjectSize?: unknown }).ActualObjectSize);
      const size = Number.isInteger(told) ? told : await sizeOf(key);
      if (size === null) return false;
      throw rangeNotSatisfiable(reply, size);
    }
    const body = 'Body' in found ? (found.Body as Readable | undefined) : undefined;
    // From here the client reading the answer sets the pace.
    liftSocketTimeout(body);
    reply
      .code(found.$metadata.httpStatusCode ?? 200)
      .headers({
        'content-type': contentTypeOf(key),
        'content-length': String(found.ContentLength ?? 0),
        ...(found.ContentRange ? { 'content-range': found.ContentRange } : {}),
        ...acceptRanges,
        ...(found.ETag ? { etag: found.ETag } : {}),
        ...(found.LastModified ? { 'last-modified': found.LastModified.toUTCString() } : {}),
        ...headers,
      })
      .send(body ?? Readable.from([]));
    return true;
  };
}
