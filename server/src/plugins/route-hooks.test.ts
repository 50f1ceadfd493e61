import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import { addRouteHook } from './route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    traced?: boolean;
  }
}

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** A plugin that attaches an onSend hook, writing its name into `trace`, to the routes that ask for it. */
const tracer = (name: string) =>
  fp(async (instance: FastifyInstance) => {
    instance.addHook('onRoute', (route) => {
      if (!route.config?.traced) return;
      addRouteHook(
        route,
        'onSend',
        async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
          (request as FastifyRequest & { trace: string[] }).trace.push(name);
          return payload;
        },
      );
    });
  });

describe('addRouteHook', () => {
  it('runs plugins’ hooks in registration order, before the route’s own, on the routes that ask only', async () => {
    app = Fastify();
    app.decorateRequest('trace', null);
    app.addHook('onRequest', async (request) => {
      (request as FastifyRequest & { trace: string[] }).trace = [];
    });
    await app.register(tracer('first'));
    await app.register(tracer('second'));
    const traceOf = (request: FastifyRequest) => (request as FastifyRequest & { trace: string[] }).trace;
    app.get(
      '/traced',
      {
        config: { traced: true },
        onSend: async (request, reply, payload) => {
          reply.header('x-trace', [...traceOf(request), 'own'].join(','));
          return payload;
        },
      },
      async () => 'ok',
    );
    app.get(
      '/plain',
      {
        onSend: async (request, reply, payload) => {
          reply.header('x-trace', [...traceOf(request), 'own'].join(','));
          return payload;
        },
      },
      async () => 'ok',
    );

    const traced = await app.inject({ method: 'GET', url: '/traced' });
    expect(traced.headers['x-trace']).toBe('first,second,own');
    // Fastify's HEAD twin of a GET route gets the hooks once, like the GET.
    const head = await app.inject({ method: 'HEAD', url: '/traced' });
    expect(head.headers['x-trace']).toBe('first,second,own');
    const plain = await app.inject({ method: 'GET', url: '/plain' });
    expect(plain.headers['x-trace']).toBe('own');
  });
});
