import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { bodyWatchTakesOver } from './modules/uploads/index.ts';
import { answerClientError, answerFrameworkError } from './plugins/framework-errors.ts';
import { jsonSchemaSerializerCompiler } from './plugins/json-serializer.ts';
import { AccessLogController, serializeErrorWithoutParameters } from './plugins/logging.ts';
import { createRequestIds } from './plugins/request-id.ts';
import type { App } from './plugins/root-context.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';

/** Node's request time-out on an upload whose body is under its own watch goes on; the rest is answered. */
function answerUnlessWatched(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && bodyWatchTakesOver(socket)) return;
  answerClientError.call(this, error, socket);
}

/** The Fastify instance with its server-wide settings, before any plugin or route. */
export function createHttpServer(config: Config, logStream?: { write(line: string): void }): App {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: { err: serializeErrorWithoutParameters },
      ...(logStream ? { stream: logStream } : {}),
    },
    logController: new AccessLogController(),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A client that trickles its request is cut off (408, or the socket closed). These bound receiving the
    // request only, so a long answer (chat's server-sent events) is never cut; no idle-socket time-out
    // either, as a stalled model may leave a stream quiet for a while. An upload's body is held to the
    // upload time-outs instead once its handler reads it (uploads/body-watch.ts, decision 0052).
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: { headersTimeout: config.HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: createRequestIds(),
    // What Fastify and Node's parser refuse before any route runs, in the error shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerUnlessWatched,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('uploadTimeouts', {
    stallMs: config.UPLOAD_STALL_TIMEOUT_MS,
    minBytesPerSecond: config.UPLOAD_MIN_BYTES_PER_SECOND,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(jsonSchemaSerializerCompiler);
  // JSON bodies only: a form or text body is what a cross-site request can send without a preflight.
  app.removeContentTypeParser(['text/plain']);
  return app;
}
