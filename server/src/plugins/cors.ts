import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { nativeClientHeader } from '@uplift/contracts';
import { HttpError } from './errors.ts';

/**
 * The native shells load the app from their own origin (capacitor://localhost on iOS, https://localhost on
 * Android) and call the API cross-origin with a bearer token. Only those trusted origins may, and without
 * cookies: the web app is same-origin and needs no CORS at all.
 */
export const corsPlugin = fp(async (app: FastifyInstance, options: { trustedOrigins: string[] }) => {
  // Only browsers send OPTIONS here, as a preflight; anything less is refused in the error shape (before the
  // CORS hook, which would answer in plain text). Synchronous: every request passes here, nearly all at once.
  app.addHook('onRequest', (request, _reply, done) => {
    if (
      request.method !== 'OPTIONS' ||
      (request.headers.origin && request.headers['access-control-request-method'])
    ) {
      return done();
    }
    done(
      new HttpError(
        400,
        'An OPTIONS request must be a CORS preflight: send Origin and Access-Control-Request-Method.',
      ),
    );
  });
  await app.register(cors, {
    strictPreflight: false,
    origin: options.trustedOrigins,
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', nativeClientHeader],
    exposedHeaders: ['idempotent-replayed'],
    maxAge: 600,
  });
});
