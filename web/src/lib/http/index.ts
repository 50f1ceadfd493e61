export {
  apiBase,
  appPageUrl,
  apiUrl,
  http,
  idempotencyKeyHeader,
  request,
  requestStream,
  requestUrl,
  serverChecked,
} from './client.ts';
export type { HttpMethod, RequestOptions, ResponseSchema, StreamRequestOptions } from './client.ts';
export { connectConnectivity } from './connectivity.ts';
export type { ConnectivityBridge } from './connectivity.ts';
export {
  HttpError,
  isAbortError,
  isRetryableStatus,
  NetworkError,
  TimeoutError,
  UnexpectedResponseError,
} from './errors.ts';
export type { HttpErrorInit } from './errors.ts';
export { isRetryableError, retryDelayMs, withRetry } from './retry.ts';
export type { RetryOptions } from './retry.ts';
export { connectSession } from './session.ts';
export type { SessionBridge } from './session.ts';
export { uploadWithProgress } from './upload.ts';
export type { UploadOptions } from './upload.ts';
