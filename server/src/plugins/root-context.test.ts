import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/**
 * Every route module shares the app's Request class (plugins/root-context.ts). A module registered in a
 * context of its own would give Fastify's per-request code one more shape of request to meet; its requests
 * would also skip a hook added to the app after the module was, as the one below is.
 */
let t: TestApp;
const classByRoute = new Map<string, object>();

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady(app) {
        app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
          const route = request.routeOptions.url ?? request.url;
          classByRoute.set(route.replace(/:([A-Za-z]+)/g, '{$1}'), Object.getPrototypeOf(request) as object);
          done();
        });
      },
    },
  );
});
afterAll(() => t.close());

it('gives the requests of every API route one class, the app’s own', async () => {
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  // The live events stream would keep its injected request open.
  const routes = Object.entries(document.paths)
    .filter(([route, operations]) => 'get' in operations && route !== '/api/events')
    .map(([route]) => route);
  expect(routes.length).toBeGreaterThan(30);
  for (const route of routes) {
    const url = route.replace(/\{[A-Za-z]+\}/g, '00000000-0000-4000-8000-000000000000');
    // As a native shell asks: a same-origin poll of /api/status never reaches the hooks (online-probe.ts).
    await t.app.inject({ method: 'GET', url, headers: { origin: 'capacitor://localhost' } });
  }
  expect(routes.filter((route) => !classByRoute.has(route))).toEqual([]);
  const appRequestClass = classByRoute.get('/api/status');
  expect(routes.filter((route) => classByRoute.get(route) !== appRequestClass)).toEqual([]);
});
