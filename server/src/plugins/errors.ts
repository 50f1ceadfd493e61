import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  errorCatalogue,
  errorCodeForStatus,
  type ApiError,
  type ErrorCode,
  type SessionEnded,
} from '@uplift/contracts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/** A stopped embedded database restarts within seconds; a frozen one is cut off by its time-outs. */
const databaseRetryAfterSeconds = 5;
/** The wait a 429 announces when whoever refused did not say (every 429 carries `Retry-After`). */
const defaultRetryAfterSeconds = 60;

/** An error a route throws on purpose: it reaches the client with its status, code and message. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  /** Field problems found after schema validation (a named upload that is gone), shown next to fields. */
  readonly issues?: ApiError['error']['issues'];
  /** Whole seconds until a retry may succeed: sent as `Retry-After` (every 429 carries one). */
  retryAfterSeconds?: number;
  /** Why a session was refused, when it is more than "sign in again" (decision 0070). */
  sessionEnded?: SessionEnded;
  constructor(
    statusCode: number,
    message?: string,
    code: ErrorCode = errorCodeForStatus(statusCode),
    issues?: ApiError['error']['issues'],
  ) {
    super(message ?? errorCatalogue[code].message);
    this.statusCode = statusCode;
    this.code = code;
    if (issues) this.issues = issues;
  }

  /** The same error announcing when to retry (`Retry-After`, at least one second). */
  retryAfter(seconds: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }

  /** The same error telling the member why their session ended (a suspension and its reason). */
  endingSession(ended: SessionEnded): this {
    this.sessionEnded = ended;
    return this;
  }
}

/**
 * An error that says when to come back says it in Retry-After (a 429's wait, a stalled bucket's 503), and
 * every 429 tells: the error's own wait, one a limiter set already, or a default.
 */
function announceRetry(error: FastifyError, reply: FastifyReply, status: number) {
  if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  } else if (status === 429 && !reply.hasHeader('retry-after')) {
    reply.header('retry-after', String(defaultRetryAfterSeconds));
  }
}

export function errorBody(
  request: FastifyRequest,
  statusCode: number,
  message: string,
  code: ErrorCode = errorCodeForStatus(statusCode),
  issues?: ApiError['error']['issues'],
  sessionEnded?: SessionEnded,
): ApiError {
  return {
    success: false,
    error: {
      code,
      message,
      statusCode,
      requestId: request.id,
      ...(issues ? { issues } : {}),
      ...(sessionEnded ? { sessionEnded } : {}),
    },
  };
}

// Fastify's own client errors whose messages are safe and useful to show.
const clearMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON body.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

/** What an error comes to: the status, code, message and field problems the client is told. */
export interface ResolvedError {
  statusCode: number;
  code: ErrorCode;
  message: string;
  issues?: ApiError['error']['issues'];
  sessionEnded?: SessionEnded;
}

/**
 * What any error a route or hook threw comes to, with the headers it implies set on the reply
 * (`Retry-After`) and the unexpected ones logged. The product's error shape is built from it here; the
 * OpenAI-compatible routes build OpenAI's from it (chat module).
 */
export function resolveError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): ResolvedError {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: [error.validationContext, issue.instancePath.replace(/^\//, '').replaceAll('/', '.')]
        .filter(Boolean)
        .join('.'),
      message: issue.message ?? 'is invalid',
    }));
    return {
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: errorCatalogue.VALIDATION_ERROR.message,
      issues,
    };
  }
  if (error instanceof HttpError) {
    announceRetry(error, reply, error.statusCode);
    return {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
      ...(error.issues ? { issues: error.issues } : {}),
      ...(error.sessionEnded ? { sessionEnded: error.sessionEnded } : {}),
    };
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    return { statusCode: 500, code: 'API_ERROR', message: errorCatalogue.API_ERROR.message };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const isJsonSyntax = error instanceof SyntaxError;
    const message =
      clearMessages[error.code] ??
      (isJsonSyntax ? clearMessages.FST_ERR_CTP_INVALID_JSON_BODY : undefined) ??
      errorCatalogue[errorCodeForStatus(status)].message;
    announceRetry(error, reply, status);
    return { statusCode: status, code: errorCodeForStatus(status), message };
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(databaseRetryAfterSeconds));
    return { statusCode: 503, code: 'MAINTENANCE', message: errorCatalogue.MAINTENANCE.message };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { statusCode: 500, code: 'API_ERROR', message: errorCatalogue.API_ERROR.message };
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, code, message, issues, sessionEnded } = resolveError(error, request, reply);
  return reply.code(statusCode).send(errorBody(request, statusCode, message, code, issues, sessionEnded));
}

/** One error shape (contracts' ApiError) for every error response. Unknown paths: see web-app.ts. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(handleError);
});
