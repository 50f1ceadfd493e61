import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, resolveError, type ResolvedError } from '../../plugins/errors.ts';
import { QuotaExceededError } from './quota.ts';

/** An error as OpenAI's API answers it, which its clients (the `openai` package, the AI SDK) read. */
export const openAiErrorSchema = z
  .object({
    error: z.object({
      message: z.string(),
      type: z.string(),
      param: z.string().nullable(),
      code: z.string().nullable(),
    }),
  })
  .meta({ id: 'OpenAIError' });

export type OpenAiErrorBody = z.infer<typeof openAiErrorSchema>;

/** An error of the OpenAI-compatible routes that names OpenAI's code and the parameter at fault. */
export class OpenAiRequestError extends HttpError {
  readonly openAiCode: string;
  readonly param: string | null;
  constructor(statusCode: number, message: string, openAiCode: string, param: string | null = null) {
    super(statusCode, message);
    this.openAiCode = openAiCode;
    this.param = param;
  }
}

export const modelNotFound = (model: string) =>
  new OpenAiRequestError(
    404,
    `The model \`${model}\` does not exist. The only model here is \`vale\`.`,
    'model_not_found',
    'model',
  );

/** OpenAI's `type` for a status (its documented error types). */
function typeFor(statusCode: number): string {
  if (statusCode === 401) return 'authentication_error';
  if (statusCode === 403) return 'permission_error';
  if (statusCode === 429) return 'rate_limit_error';
  if (statusCode >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** OpenAI's `code` for a status, where it has one. */
const codeFor: Record<number, string> = {
  401: 'invalid_api_key',
  404: 'not_found',
  413: 'request_too_large',
  429: 'rate_limit_exceeded',
  503: 'service_unavailable',
};

/** The parameter a validation problem names (`body.messages.0.content` is `messages`). */
function paramOf(resolved: ResolvedError): string | null {
  const path = resolved.issues?.[0]?.path.replace(/^body\.?/, '');
  return path ? (path.split('.')[0] ?? null) : null;
}

export function toOpenAiError(error: FastifyError, resolved: ResolvedError): OpenAiErrorBody {
  if (error instanceof QuotaExceededError) {
    return {
      error: { message: error.message, type: 'insufficient_quota', param: null, code: 'insufficient_quota' },
    };
  }
  const issue = resolved.issues?.[0];
  const message = issue ? `${resolved.message} ${issue.path}: ${issue.message}` : resolved.message;
  return {
    error: {
      message,
      type: typeFor(resolved.statusCode),
      param: error instanceof OpenAiRequestError ? error.param : paramOf(resolved),
      code: error instanceof OpenAiRequestError ? error.openAiCode : (codeFor[resolved.statusCode] ?? null),
    },
  };
}

/**
 * The error handler of the OpenAI-compatible routes (set on each route, so it also answers for their
 * hooks: a missing key, a rate limit): the same statuses and headers as everywhere (errors.ts), in
 * OpenAI's shape. A used-up daily quota is `insufficient_quota`, which the `openai` client is also told not
 * to retry (`x-should-retry`): nothing changes before the reset its `Retry-After` announces.
 */
export function openAiErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const resolved = resolveError(error, request, reply);
  if (error instanceof QuotaExceededError) reply.header('x-should-retry', 'false');
  return reply.code(resolved.statusCode).send(toOpenAiError(error, resolved));
}
