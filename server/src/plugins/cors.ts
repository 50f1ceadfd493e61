import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { nativeClientHeader } from '@uplift/contracts';

/**
 * The native shells load the app from their own origin (capacitor://localhost on iOS, https://localhost on
 * Android) and call the API cross-origin with a bearer token. Only those trusted origins may, and without
 * cookies: the web app is same-origin and needs no CORS at all.
 */
export const corsPlugin = fp(async (app: FastifyInstance, options: { trustedOrigins: string[] }) => {
  await app.register(cors, {
    origin: options.trustedOrigins,
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', nativeClientHeader],
    exposedHeaders: ['idempotent-replayed'],
    maxAge: 600,
  });
});
