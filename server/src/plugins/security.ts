import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const hsts = `max-age=${365 * 24 * 60 * 60}; includeSubDomains`;

/** Security headers on everything the server sends, errors included (registered first). */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The API is also called from the native shells (capacitor://localhost), a different origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Sent below, over HTTPS only.
    strictTransportSecurity: false,
  });
  // HSTS over plain HTTP is ignored by browsers and would pin a development or misconfigured host. Behind
  // a TLS proxy, request.protocol is https when the trusted proxy says so (X-Forwarded-Proto, TRUST_PROXY).
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
  });
});

/** Registered after plugins whose onSend hooks need the uncompressed body (idempotency). */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, { threshold: 1024 });
});
