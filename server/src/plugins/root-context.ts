import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';

/** The application as app.ts builds it: what each module's `register` adds its routes to. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A route module, to be registered in the context of the app that registers it rather than in one of its
 * own (fastify-plugin's skip-override). Fastify gives every encapsulated plugin its own Request and Reply
 * classes, so with some thirty route modules Fastify's and Node's per-request code met thirty shapes of
 * request and reply: once a server had answered a few kinds of request, its property lookups there went
 * megamorphic and every request cost about a quarter more CPU (decision 0033). Route modules only add
 * routes: a hook or decorator they added would apply to the whole app, so they add none (`root-context.test.ts`
 * holds every module's requests to the root's class). One that needs its own context (multipart uploads)
 * registers a child inside.
 */
export function inRootContext<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever options and type provider
  Routes extends FastifyPluginAsync<any, RawServerDefault, any>,
>(routes: Routes): Routes {
  // fp marks the function itself and returns it; its overloads cannot follow a generic plugin type.
  return fp(routes as FastifyPluginAsync) as unknown as Routes;
}
