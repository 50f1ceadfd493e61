import { STATUS_CODES } from 'node:http';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiErrorSchema, sessionCookieNames } from '@uplift/contracts';
import { describeAccess, leastRoles, type Access } from './access.ts';
import { writes } from './route-hooks.ts';

/**
 * The OpenAPI document built from every route's zod schemas: UI at /api/docs, JSON at /api/docs/json.
 * OpenAPI 3.1, so zod writes JSON Schema 2020-12: a nullable field is `type: [..., 'null']` or an `anyOf`
 * with `{ type: 'null' }`, which every 3.1 reader and generator takes as nullable (3.0's `nullable: true`
 * beside a `$ref` or an `anyOf` has no type to add null to, and said "never null").
 *
 * What the server enforces is read from the same route config its plugins read, never written twice:
 * each operation's `security` from `config.access` (access.ts) and `config.session` (session.ts), its
 * `operationId` from its method and path (unique, or the app refuses to start), and the error answers
 * the plugins give before any handler runs (input guard, access, same-site check, rate limits).
 * `server/scripts/lint-openapi.ts` holds the document to Redocly's recommended rules.
 */

/** The ways a request presents a session (session.ts `readToken`), as OpenAPI security schemes. */
export const securitySchemes = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The session token as `Authorization: Bearer <token>` (the native apps: sign in with the ' +
      "`x-client-platform: native` header to receive it). Taken before the cookie. A requirement's role is " +
      'the least role the operation admits (a higher rank passes too), or `permission:<name>`.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookieNames.secure,
    description:
      'The session cookie set by sign-in over HTTPS (the web app). Writes with it must come from the same ' +
      'site (Sec-Fetch-Site or Origin), or they are refused with 403.',
  },
  sessionCookieHttp: {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookieNames.insecure,
    description: 'The same session cookie under the name sign-in gives it over plain HTTP (development).',
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof securitySchemes, string[]>>;

const signedIn = (roles: string[]): SecurityRequirement[] =>
  Object.keys(securitySchemes).map((scheme) => ({ [scheme]: roles }));

/**
 * Who may call an operation, in OpenAPI terms. A public route that never reads the session (`session:
 * false`) needs none (`[]`); any other public route takes one if presented (`{}`: anonymous allowed, a
 * signed-in caller may get more, a larger quota for instance). The others need one, and name as the
 * requirement's role the least role, or the permission, that `config.access` asks for (OpenAPI 3.1 allows
 * roles on any scheme).
 */
export function securityOf(access: Access, session?: false): SecurityRequirement[] {
  if (access === 'public') return session === false ? [] : [{}, ...signedIn([])];
  if (access === 'auth') return signedIn([]);
  return signedIn([typeof access === 'object' ? describeAccess(access) : leastRoles[access]]);
}

/**
 * The operationId of a route, from its method and path alone: `GET /api/partners/:id` is
 * `getPartnersById`, `POST /api/auth/login` is `postAuthLogin`. Stable as long as the route is, so
 * generated clients keep their method names; two routes that would share one stop the app at start.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    // A parameter as Fastify writes it (`:id`) or as the document does (`{id}`).
    .map((segment) =>
      segment.replace(/^:(.+)$|^\{(.+)\}$/, (_whole, colon, braces) => `by-${colon ?? braces}`),
    )
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** The answers the plugins give on a route before (or instead of) its handler, in the error shape. */
function pluginErrorStatuses(route: RouteOptions, access: Access): number[] {
  const statuses = [400]; // the input guard, on every route (input-guard.ts), and schema validation
  if (access !== 'public') statuses.push(401);
  // Below the role or permission asked (access.ts); a cookie write sent from another site (session.ts).
  if ((access !== 'public' && access !== 'auth') || writes(route)) statuses.push(403);
  // The route's own limit, or the limit on writes without a session (rate-limit.ts).
  if (route.config?.rateLimit || (access === 'public' && writes(route))) statuses.push(429);
  return statuses;
}

/** What a route's schema says, with what the access and session config imply added. */
const transform: SwaggerTransform = (document) => {
  const { route } = document;
  const access = route.config?.access;
  if (!access || !document.schema || document.schema.hide) return jsonSchemaTransform(document);
  const response = { ...(document.schema.response as Record<string, unknown> | undefined) };
  for (const status of pluginErrorStatuses(route, access)) response[status] ??= apiErrorSchema;
  const transformed = jsonSchemaTransform({ ...document, schema: { ...document.schema, response } });
  return {
    ...transformed,
    schema: { ...transformed.schema, security: securityOf(access, route.config?.session) },
  };
};

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null;
const schemaRefPrefix = '#/components/schemas/';

/**
 * Only the schemas the operations reach. The zod registry is converted whole, twice (as read and as
 * written, `XInput` and `X`), so half its entries are the unused side of a schema.
 */
function keepReachableSchemas(document: JsonObject): void {
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const reached = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(schemaRefPrefix)) {
        const name = child.slice(schemaRefPrefix.length);
        if (!reached.has(name)) {
          reached.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  visit(document.paths);
  components.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
}

const operationMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Each operation gets its operationId from its method and path (on a copy: fastify-swagger shares one
 * operation object between the methods of a route that declares several), and each response that
 * fastify-swagger left as 'Default Response' the name of its status.
 */
function nameOperations(document: JsonObject): void {
  const named = new Map<string, string>();
  for (const [path, pathItem] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(pathItem)) continue;
    for (const [method, shared] of Object.entries(pathItem)) {
      if (!operationMethods.has(method) || !isObject(shared)) continue;
      const operationId = operationIdOf(method, path);
      const taken = named.get(operationId);
      if (taken) throw new Error(`${taken} and ${method} ${path} would share the operationId ${operationId}`);
      named.set(operationId, `${method} ${path}`);
      const responses = Object.entries(isObject(shared.responses) ? shared.responses : {}).map(
        ([status, answer]) =>
          isObject(answer) && answer.description === 'Default Response'
            ? [status, { ...answer, description: STATUS_CODES[status] ?? answer.description }]
            : [status, answer],
      );
      pathItem[method] = { ...shared, operationId, responses: Object.fromEntries(responses) };
    }
  }
}

const transformObject: SwaggerTransformObject = (documentObject) => {
  const document = jsonSchemaTransformObject(documentObject) as JsonObject;
  nameOperations(document);
  keepReachableSchemas(document);
  return document;
};

export const openApiPlugin = fp(async (app: FastifyInstance, options: { version: string }) => {
  // Every API route (those with an access level, access.ts) gets an operationId no other route has.
  const operations = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    if (!route.config?.access) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const id = operationIdOf(method, route.url);
      const taken = operations.get(id);
      const self = `${method} ${route.url}`;
      if (taken && taken !== self) {
        throw new Error(`Routes ${taken} and ${self} would share the OpenAPI operationId ${id}`);
      }
      operations.set(id, self);
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Uplift API',
        description: 'The API behind the Uplift web and native apps.',
        version: options.version,
      },
      // Paths are written whole (/api/…), relative to wherever the server is reached.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes },
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
