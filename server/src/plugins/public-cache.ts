import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { compressFromBytes } from './compressed-page.ts';
import { keptBytes, type KeptAnswer, type KeptAnswers } from './kept-answers.ts';
import { routesCacheControl } from './cache-control.ts';
import { addRouteHook } from './route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public read that many callers request alike: anonymous answers are kept in memory under this tag
     * (by path and query) and served with an ETag, 304 when the caller has it already.
     */
    publicCache?: string;
    /**
     * The answer never depends on who asks (the handler never reads the session): signed-in callers are
     * served the kept answer too (cache-control.ts still marks it no-store for them), and a signed-in
     * caller's answer is kept as well, with the headers an anonymous caller would have had, so an audience
     * of members fills the cache as visitors do.
     */
    sameForEveryone?: true;
    /** A write that changes what the tagged public reads answer: they are dropped once it succeeds. */
    invalidates?: readonly string[];
  }
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

export interface PublicCache {
  /** Drops this instance's answers under `tag` (another instance's invalidation, arriving by NOTIFY). */
  invalidate(tag: string): void;
  /** The anonymous answer kept for `url` (path and query, as requested), while it is fresh. */
  read(url: string): { payload: Buffer; etag: string } | undefined;
  readonly size: number;
}

export interface PublicCacheOptions {
  /** Where the answers are kept (kept-answers.ts), shared with the first hook of every request (anonymous-hits.ts). */
  answers: KeptAnswers;
  /** Tells the other instances (PostgreSQL NOTIFY, app.ts); this one has dropped the tag already. */
  broadcast(tag: string): Promise<void>;
  /** Told of every invalidation, this instance's own and the others': caches kept elsewhere drop too. */
  onInvalidate?(tag: string): void;
  log(message: string, error: unknown): void;
}

const fromCache = Symbol('publicCache.fromCache');
/** On the request whose handler the other callers of its URL are waiting for. */
const leads = Symbol('publicCache.leads');

/** A miss being answered, and the callers of the same URL waiting for it. */
interface Flight {
  waiters: Array<() => void>;
}

function isAnonymous(request: FastifyRequest): boolean {
  return request.sessionToken === null;
}

/** Whether a kept answer may be given to this caller, and this caller's answer kept. */
function mayServe(request: FastifyRequest): boolean {
  return isAnonymous(request) || request.routeOptions.config.sameForEveryone === true;
}

/** Adds accept-encoding to the Vary header (CORS has put Origin there). @fastify/compress adds it only once it has compressed. */
function varyByEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}

export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return header !== undefined && header.split(',').some((value) => value.trim() === etag);
}

/** Headers of one request alone, never sent again with a kept answer. */
const ownHeaders = new Set(['strict-transport-security', 'content-length', 'content-encoding', 'set-cookie']);

/**
 * The headers the chain gave an answer, for sending it again (KeptAnswer.headers), with the Cache-Control
 * any caller gets: a signed-in caller's own no-store is not sent to the next.
 */
function headersToKeep(reply: FastifyReply, cacheControl: string | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !ownHeaders.has(name)) kept[name] = String(value);
  }
  if (cacheControl === undefined) delete kept['cache-control'];
  else kept['cache-control'] = cacheControl;
  return kept;
}

/**
 * In-memory answers to anonymous public reads, invalidated when a declared write succeeds (here at once,
 * before the writer gets its answer; on other instances through `broadcast`) and after the answers' time to
 * live anyway. Signed-in callers reach the handler, as their answers may carry their own state (my
 * reaction), unless the route says its answer is the same for everyone (`sameForEveryone`). Most anonymous
 * hits never get here: anonymous-hits.ts answers them first.
 */
export const publicCachePlugin = fp(
  async (app: FastifyInstance, options: PublicCacheOptions) => {
    const { answers } = options;
    const invalidate = (tag: string) => {
      answers.drop(tag);
      options.onInvalidate?.(tag);
    };
    app.decorate('publicCache', {
      invalidate,
      read: (url: string) => answers.peek(url),
      get size() {
        return answers.size;
      },
    });

    const reply304or200 = (request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) => {
      reply.header('etag', answer.etag).header('content-type', answer.contentType);
      if (answer.cacheControl) reply.header('cache-control', answer.cacheControl);
      (reply as FastifyReply & { [fromCache]?: true })[fromCache] = true;
      const compressible = answer.payload.length >= compressFromBytes;
      // Every answer of a compressible entry varies by encoding, the identity one included.
      if (compressible) varyByEncoding(reply);
      if (matchesEtag(request, answer.etag)) return reply.code(304).send();
      const bytes = keptBytes(answer, request.headers['accept-encoding']);
      if (bytes?.encoding) return reply.header('content-encoding', bytes.encoding).send(bytes.body);
      if (!bytes && answer.encoded === undefined) answers.compressLater(answer);
      return reply.send(answer.payload);
    };

    /**
     * Anonymous misses whose handler is running, by URL: callers who ask for the same URL meanwhile wait
     * for that answer instead of running the same queries. When an answer expires, every connection that
     * asks for it misses at once.
     */
    const inFlight = new Map<string, Flight>();
    const land = (url: string, flight: Flight) => {
      if (inFlight.get(url) !== flight) return;
      inFlight.delete(url);
      // Once the leader has been answered, and each in a hook run of its own, not inside the leader's.
      if (flight.waiters.length > 0) setImmediate(() => flight.waiters.forEach((waiter) => waiter()));
    };

    // After the session and access hooks: the caller is known and allowed.
    const serveCached = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (request.method !== 'GET' || !mayServe(request)) return done();
      const { url } = request;
      const answer = answers.take(url);
      if (answer) return reply304or200(request, reply, answer);
      const running = inFlight.get(url);
      if (running) {
        // No answer kept (an error, a request cut off): the handler answers this one.
        running.waiters.push(() => {
          const kept = answers.take(url);
          if (kept) reply304or200(request, reply, kept);
          else done();
        });
        return;
      }
      const flight: Flight = { waiters: [] };
      inFlight.set(url, flight);
      (request as FastifyRequest & { [leads]?: Flight })[leads] = flight;
      // Whatever becomes of the answer; usually it landed already, once kept (keptAnswer).
      reply.raw.once('close', () => land(url, flight));
      done();
    };

    const keptAnswer = (request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown => {
      const tag = request.routeOptions.config.publicCache;
      if (!tag || request.method !== 'GET' || reply.statusCode !== 200 || !mayServe(request)) return payload;
      if ((reply as FastifyReply & { [fromCache]?: true })[fromCache] || typeof payload !== 'string') {
        return payload;
      }
      const etag = `"${createHash('sha1').update(payload).digest('base64url').slice(0, 22)}"`;
      const cacheControl = routesCacheControl(reply);
      const body = Buffer.from(payload);
      reply.header('etag', etag);
      if (body.length >= compressFromBytes) varyByEncoding(reply);
      answers.keep(request.url, {
        tag,
        payload: body,
        etag,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        cacheControl,
        headers: request.headers.origin === undefined ? headersToKeep(reply, cacheControl) : undefined,
      });
      const flight = (request as FastifyRequest & { [leads]?: Flight })[leads];
      if (flight) land(request.url, flight);
      if (matchesEtag(request, etag)) {
        reply.code(304);
        return '';
      }
      return body;
    };
    // Before compression's hook: the payload here is the serialized JSON. A callback, not an async
    // function: every hit passes here too, and a promise a request is a measurable part of a hit.
    const keepAnswer = (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (error: null, payload: unknown) => void,
    ) => done(null, keptAnswer(request, reply, payload));

    const invalidateAfterWrite = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode < 400 && request.method !== 'GET') {
        for (const tag of request.routeOptions.config.invalidates ?? []) {
          invalidate(tag);
          options.broadcast(tag).catch((error: unknown) => options.log(`cache: broadcast ${tag}`, error));
        }
      }
      return payload;
    };

    // Only the routes that cache or invalidate carry the hooks.
    app.addHook('onRoute', (route) => {
      const tag = route.config?.publicCache;
      // Fastify adds a HEAD route for every GET, with the same config.
      const methods = [route.method].flat().filter((method) => method !== 'HEAD');
      if (tag && (route.config?.access !== 'public' || methods.some((method) => method !== 'GET'))) {
        throw new Error(`${String(route.method)} ${route.url}: publicCache is for public GET routes only`);
      }
      // A kept answer is served before any per-route limit would count it (anonymous-hits.ts).
      if (tag && route.config?.rateLimit) {
        throw new Error(`${String(route.method)} ${route.url}: a publicCache route cannot have a rateLimit`);
      }
      if (route.config?.sameForEveryone && !tag) {
        throw new Error(`${String(route.method)} ${route.url}: sameForEveryone needs publicCache`);
      }
      if (tag) {
        addRouteHook(route, 'onRequest', serveCached);
        addRouteHook(route, 'onSend', keepAnswer);
      }
      if (route.config?.invalidates?.length) addRouteHook(route, 'onSend', invalidateAfterWrite);
    });
  },
  { name: 'public-cache', dependencies: ['session', 'access'] },
);
