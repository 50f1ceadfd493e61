import { BlockList, isIP } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.ts';

export const metricsPath = '/metrics';

/**
 * What an operator scrapes from each instance (`GET /metrics`, Prometheus' text format). The process,
 * the requests and the database pool are measured here; modules report what only they see through the
 * instruments handed to them (`vale`) or through gauges read at scrape time (`gauge`), so no plugin imports
 * a module.
 */
export function createPrometheus() {
  const registry = new Registry();
  // Memory, CPU, handles and the event loop's delay (a histogram from monitorEventLoopDelay).
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'uplift_http_request_duration_seconds',
    help: 'Time to answer a request, by route template, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const vale = {
    upstream: new Histogram({
      name: 'uplift_vale_answer_duration_seconds',
      help: 'Time from asking the model to the end of the answer, by outcome (model, or fallback when it failed)',
      labelNames: ['outcome'] as const,
      buckets: [0.5, 1, 2, 5, 10, 20, 40, 90],
      registers: [registry],
    }),
    fallbacks: new Counter({
      name: 'uplift_vale_fallbacks_total',
      help: 'Answers composed from the knowledge base because the configured model did not answer',
      registers: [registry],
    }),
  };
  /** A value read when Prometheus scrapes (pool sizes, open streams, queue depth). */
  function gauge(name: string, help: string, read: () => number | Promise<number>) {
    return new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(await read());
      },
    });
  }
  return { registry, requests, vale, gauge };
}

export type Prometheus = ReturnType<typeof createPrometheus>;
export type ValeInstruments = Prometheus['vale'];

export interface PrometheusOptions {
  prometheus: Prometheus;
  db: Database;
  /** A bearer token that may scrape from anywhere. */
  token?: string;
  /** Addresses and CIDR ranges that may scrape without the token (the client's address, after proxies). */
  allowedAddresses: string[];
}

function addressList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function tokenMatches(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const sent = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/**
 * Times every request and serves the registry. Reachable only with the token or from a listed address;
 * anyone else gets what any unknown path gets (the app's own page), so nothing says the endpoint is there.
 */
export const prometheusPlugin = fp(
  async (app: FastifyInstance, { prometheus, db, token, allowedAddresses }: PrometheusOptions) => {
    const allowed = addressList(allowedAddresses);
    const mayScrape = (request: FastifyRequest) => {
      const address = request.ip.startsWith('::ffff:') ? request.ip.slice(7) : request.ip;
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      return tokenMatches(request, token) || (isIP(address) !== 0 && allowed.check(address, type));
    };
    const pool = db.$client;
    prometheus.gauge(
      'uplift_db_pool_connections',
      'Database connections open in this instance',
      () => pool.totalCount,
    );
    prometheus.gauge(
      'uplift_db_pool_in_use',
      'Database connections checked out by a request or job',
      () => pool.totalCount - pool.idleCount,
    );
    prometheus.gauge(
      'uplift_db_pool_waiting',
      'Queries waiting for a free connection',
      () => pool.waitingCount,
    );

    app.addHook('onResponse', (request, reply, done) => {
      // The route's template (/api/videos/:id), never the URL: one series per route, not per id.
      const route = request.routeOptions.url ?? 'unmatched';
      prometheus.requests.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });

    app.get(
      metricsPath,
      { config: { access: 'public', session: false }, schema: { hide: true } },
      async (request, reply) => {
        if (!mayScrape(request)) return reply.callNotFound();
        reply.header('cache-control', 'no-store').type(prometheus.registry.contentType);
        return prometheus.registry.metrics();
      },
    );
  },
  { name: 'prometheus' },
);
