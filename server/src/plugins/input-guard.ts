import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorCatalogue, findInputProblem } from '@uplift/contracts';
import { HttpError } from './errors.ts';

const parts = [
  ['params', (request: FastifyRequest) => request.params],
  ['querystring', (request: FastifyRequest) => request.query],
  ['body', (request: FastifyRequest) => request.body],
] as const;

/**
 * Refuses, for every route present and future (unknown paths included), input no route can store or
 * search: NUL and other control characters or lone surrogates in the path, query or any string or key of
 * the body, and bodies nested deeper than the contracts allow. The contract schemas say the same per
 * field (safeText); this is the net under a schema that forgets, answering 400 as a schema would.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // Synchronous: it runs on every request, and almost every one passes (no promise, no extra tick).
  // Refused through the error handler, so a route with its own (the OpenAI-compatible API) answers in its shape.
  app.addHook('preValidation', (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
    for (const [part, read] of parts) {
      const problem = findInputProblem(read(request));
      if (problem) {
        const path = [part, ...problem.path].join('.');
        const message = errorCatalogue.VALIDATION_ERROR.message;
        return done(new HttpError(400, message, 'VALIDATION_ERROR', [{ path, message: problem.message }]));
      }
    }
    done();
  });
});
