export { apiBase, apiUrl, http, request, requestStream } from './client.ts';
export type { HttpMethod, RequestOptions, ResponseSchema, StreamRequestOptions } from './client.ts';
export { HttpError, isAbortError, NetworkError, UnexpectedResponseError } from './errors.ts';
export type { HttpErrorInit } from './errors.ts';
export { connectSession } from './session.ts';
export type { SessionBridge } from './session.ts';
