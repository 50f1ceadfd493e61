import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorCatalogue, errorCodeForStatus, type ApiError } from '@uplift/contracts';
import { errorBody } from './errors.ts';

const frameworkMessages: Record<string, string> = {
  FST_ERR_BAD_URL: 'The request path is not a valid URL.',
};

/**
 * Fastify's `frameworkErrors`: what it refuses before any route or hook runs (a malformed path such as
 * `/api/%zz`), answered in the contract's error shape like every other error.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  if (status >= 500) request.log.error({ err: error }, 'framework error');
  const message = frameworkMessages[error.code] ?? errorCatalogue[errorCodeForStatus(status)].message;
  return reply.code(status).send(errorBody(request, status, message));
}

// Node's HTTP parser refuses these before Fastify sees a request; the rest are malformed HTTP.
const parserErrors: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
};
const malformed = { status: 400, message: 'The request is not valid HTTP.' };

/**
 * Fastify's `clientErrorHandler`: answers what Node's HTTP parser refuses (an oversized header, a request
 * that never finishes) in the error shape, then closes the connection as Node would. There is no request
 * yet, so the id is made here and logged with the error.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = parserErrors[error.code ?? ''] ?? malformed;
  const requestId = randomUUID();
  this.log.debug({ err: error, requestId }, 'client error');
  const body: ApiError = {
    success: false,
    error: { code: errorCodeForStatus(status), message, statusCode: status, requestId },
  };
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
