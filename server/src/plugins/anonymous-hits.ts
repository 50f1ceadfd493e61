import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { keptBytes, type KeptAnswers } from './kept-answers.ts';
import { matchesEtag } from './public-cache.ts';
import { strictTransportSecurity } from './security.ts';
import { mayPresentSession } from './session.ts';

/**
 * The public cache's anonymous hits, answered by the first hook of every request (registered before any
 * other plugin). The rest of the chain (security headers, CORS, cookies, session, access, the route's
 * hooks, compression) would only make again the headers kept with the answer, and it was most of the cost
 * of a hit: decision 0039. Whatever a kept answer cannot serve as it is goes the longer way, where the
 * public cache's route hook serves it: a caller who may be signed in, a cross-origin request (its CORS
 * headers are its own), an answer kept from one, and an encoding not made yet.
 */
export const anonymousHitsPlugin = fp(
  async (app: FastifyInstance, { answers }: { answers: KeptAnswers }) => {
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' || request.headers.origin !== undefined) return done();
      const answer = answers.take(request.url);
      if (!answer?.headers || mayPresentSession(request.headers)) return done();
      const notModified = matchesEtag(request, answer.etag);
      const bytes = notModified ? null : keptBytes(answer, request.headers['accept-encoding']);
      // Not compressed yet: the public cache's route hook compresses this one and has the bytes made.
      if (!notModified && !bytes) return done();

      const headers: OutgoingHttpHeaders = { ...answer.headers };
      if (request.protocol === 'https') headers['strict-transport-security'] = strictTransportSecurity;
      if (bytes) {
        headers['content-length'] = bytes.body.length;
        if (bytes.encoding) headers['content-encoding'] = bytes.encoding;
      }
      // Still logged and timed as any reply: Fastify sets its response listeners before the first hook.
      reply.hijack();
      reply.raw.writeHead(bytes ? 200 : 304, headers).end(bytes?.body);
    });
  },
  { name: 'anonymous-hits' },
);
