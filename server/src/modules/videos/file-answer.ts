import type { IncomingHttpHeaders } from 'node:http';

/** What is known of a stored file before reading any of it (one HEAD request to a bucket). */
export interface FileFacts {
  size: number;
  etag: string;
  lastModified: Date;
  contentType: string;
}

type Headers = Record<string, string>;
export type FilePlan =
  | { type: 'error'; statusCode: 412 | 416; headers: Headers }
  | {
      type: 'file';
      statusCode: 200 | 206 | 304;
      headers: Headers;
      /** The bytes to read (both ends included); null: the whole file, or none for a 304 or a HEAD. */
      range: { start: number; end: number } | null;
    };

const matches = (list: string, etag: string) =>
  list
    .split(',')
    .map((token) => token.trim())
    .some((token) => token !== '' && (token === etag || `W/${token}` === etag));

function preconditionFailed(request: IncomingHttpHeaders, etag: string, lastModified: string) {
  const ifMatch = request['if-match'];
  if (ifMatch && ifMatch !== '*' && !matches(ifMatch, etag)) return true;
  const since = Date.parse(request['if-unmodified-since'] ?? '');
  return !Number.isNaN(since) && Date.parse(lastModified) > since;
}

function notModified(request: IncomingHttpHeaders, etag: string, lastModified: string) {
  // A reload (no-cache) always gets the file.
  if (request['cache-control']?.includes('no-cache')) return false;
  const ifNoneMatch = request['if-none-match'];
  if (ifNoneMatch !== undefined) return ifNoneMatch === '*' || matches(ifNoneMatch, etag);
  const since = request['if-modified-since'];
  return since !== undefined && Date.parse(lastModified) <= Date.parse(since);
}

function rangeFresh(request: IncomingHttpHeaders, etag: string, lastModified: string) {
  const ifRange = request['if-range'];
  // Node joins a repeated header into one string; only set-cookie comes as a list.
  if (typeof ifRange !== 'string') return true;
  if (ifRange.includes('"')) return ifRange.includes(etag);
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && Date.parse(lastModified) <= date;
}

/** The satisfiable byte ranges of a `Range: bytes=…` header, sorted, overlapping or touching ones merged. */
function byteRanges(size: number, header: string) {
  const ranges: { start: number; end: number }[] = [];
  for (const part of header.slice(header.indexOf('=') + 1).split(',')) {
    const dash = part.indexOf('-');
    let start = Number.parseInt(part.slice(0, dash), 10);
    let end = Number.parseInt(part.slice(dash + 1), 10);
    if (Number.isNaN(start)) {
      // `-n`: the last n bytes.
      start = size - end;
      end = size - 1;
    } else if (Number.isNaN(end) || end > size - 1) {
      end = size - 1;
    }
    if (start >= 0 && start <= end) ranges.push({ start, end });
  }
  ranges.sort((a, b) => a.start - b.start);
  const merged: typeof ranges = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end + 1) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * How @fastify/send answers for a local file (media-store.ts), decided for a file kept elsewhere from its
 * facts alone, so both stores answer alike: the same validators, 412 and 304 for conditional requests,
 * If-Range, one byte range as 206 (several get the whole file) and 416, the size in its Content-Range,
 * when none of the asked bytes exist.
 */
export function planFileAnswer(
  request: IncomingHttpHeaders,
  file: FileFacts,
  { ranges }: { ranges: boolean },
): FilePlan {
  const lastModified = file.lastModified.toUTCString();
  const validators: Headers = {
    ...(ranges ? { 'Accept-Ranges': 'bytes' } : {}),
    'Last-Modified': lastModified,
    ETag: file.etag,
  };
  const headers: Headers = { ...validators, 'Content-Type': file.contentType };
  if (preconditionFailed(request, file.etag, lastModified)) {
    return { type: 'error', statusCode: 412, headers: {} };
  }
  if (notModified(request, file.etag, lastModified)) {
    return { type: 'file', statusCode: 304, headers: validators, range: null };
  }
  const asked = request.range;
  if (
    ranges &&
    asked !== undefined &&
    /^ *bytes=/.test(asked) &&
    rangeFresh(request, file.etag, lastModified)
  ) {
    const satisfiable = byteRanges(file.size, asked);
    if (satisfiable.length === 0) {
      return { type: 'error', statusCode: 416, headers: { 'Content-Range': `bytes */${file.size}` } };
    }
    const [range] = satisfiable;
    if (range && satisfiable.length === 1) {
      return {
        type: 'file',
        statusCode: 206,
        headers: {
          ...headers,
          'Content-Range': `bytes ${range.start}-${range.end}/${file.size}`,
          'Content-Length': String(range.end - range.start + 1),
        },
        range,
      };
    }
  }
  return {
    type: 'file',
    statusCode: 200,
    headers: { ...headers, 'Content-Length': String(file.size) },
    range: null,
  };
}
