import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StatusResponse } from '@uplift/contracts';
import { apiHeaders, strictTransportSecurity } from './security.ts';

export const onlineProbePath = '/api/status';

/** The online probe's answer: the server is up, its clock, and the build it runs (a new one means reload). */
export const onlineProbeAnswer = (build: string): StatusResponse => ({
  status: 'ok',
  time: new Date().toISOString(),
  build,
});

/** The headers the whole chain gives the probe's answer without CORS (system.test.ts holds them equal). */
const sameOriginHeaders: OutgoingHttpHeaders = {
  ...apiHeaders,
  vary: 'Origin',
  'cache-control': 'no-store',
  'content-type': 'application/json; charset=utf-8',
};

/**
 * The online probe every open client polls, answered by the first hook for a same-origin `GET` (which sends
 * no Origin): the rest of the chain (security headers, CORS, cookies, access, validation, the serialiser)
 * has nothing to decide for it, and cost a quarter of its CPU (decision 0040). A cross-origin poll (the
 * native shells) needs CORS's headers and `HEAD` needs no body: both go to the route in system.routes.ts.
 * The session is never looked at, so cookies and bearer tokens change nothing.
 */
export const onlineProbePlugin = fp(
  async (app: FastifyInstance, { build }: { build: string }) => {
    app.addHook('onRequest', (request, reply, done) => {
      if (
        request.url !== onlineProbePath ||
        request.method !== 'GET' ||
        request.headers.origin !== undefined
      ) {
        return done();
      }
      const body = JSON.stringify(onlineProbeAnswer(build));
      const headers: OutgoingHttpHeaders = {
        ...sameOriginHeaders,
        'content-length': Buffer.byteLength(body),
      };
      // As securityHeadersPlugin: HSTS only where the request came over TLS (directly or via a trusted proxy).
      if (request.protocol === 'https') headers['strict-transport-security'] = strictTransportSecurity;
      // Still logged and timed as any reply: Fastify sets its response listeners before the first hook.
      reply.hijack();
      reply.raw.writeHead(200, headers).end(body);
    });
  },
  { name: 'online-probe' },
);
