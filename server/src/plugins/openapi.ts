import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document built from every route's zod schemas: UI at /api/docs, JSON at /api/docs/json. */
export const openApiPlugin = fp(async (app: FastifyInstance, options: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Uplift API',
        description: 'The API behind the Uplift web and native apps.',
        version: options.version,
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
