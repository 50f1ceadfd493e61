import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { answerClientError, answerFrameworkError } from './plugins/framework-errors.ts';
import { jsonSchemaSerializerCompiler } from './plugins/json-serializer.ts';
import { AccessLogController, serializeErrorWithoutParameters } from './plugins/logging.ts';
import { createRequestIds } from './plugins/request-id.ts';
import type { App } from './plugins/root-context.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';

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
    // either, as a stalled model may leave a stream quiet for a while.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: { headersTimeout: config.HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: createRequestIds(),
    // What Fastify and Node's parser refuse before any route runs, in the error shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(jsonSchemaSerializerCompiler);
  // JSON bodies only: a form or text body is what a cross-site request can send without a preflight.
  app.removeContentTypeParser(['text/plain']);
  return app;
}
