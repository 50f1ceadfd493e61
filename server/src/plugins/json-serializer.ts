import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

type SerializerCompiler = (
  route: Parameters<FastifySchemaCompiler<z.ZodType>>[0],
) => (data: unknown) => string;

/**
 * Responses are written from their contract's JSON Schema by fast-json-stringify, not parsed again with
 * zod: the server built them, and TypeScript already holds each handler to its route's schema (the zod type
 * provider). Only the properties a schema declares are written, so a row's other columns never leak.
 * Compiled once per route and status at start-up.
 */
export const jsonSchemaSerializerCompiler: SerializerCompiler = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
};
