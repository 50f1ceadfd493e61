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
 * Compiled once per schema and process: routes share schemas (every route's error answers are one), and
 * compiling was most of an app's start-up (about 1 s of CPU for each app a test file or instance builds).
 * A serializer is a pure function of its schema, and the contract's schemas are constants.
 */
const compiledBySchema = new WeakMap<z.ZodType, (data: unknown) => string>();

export const jsonSchemaSerializerCompiler: SerializerCompiler = ({ schema }) => {
  let serialize = compiledBySchema.get(schema);
  if (!serialize) {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
    serialize = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    compiledBySchema.set(schema, serialize);
  }
  return serialize;
};
