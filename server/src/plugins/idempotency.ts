import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { HttpError } from './errors.ts';
import { addRouteHook, isWrite, writes } from './route-hooks.ts';

/** How a route that streams its answer (hijacking the reply) answers a repeat of its request. */
export interface IdempotentStream {
  /** Sends again what the first request started, found by the reference it recorded with `streamStarted`. */
  replayStream(request: FastifyRequest, reply: FastifyReply, reference: unknown): Promise<void>;
}

export interface IdempotencyClaim {
  scope: string;
  key: string;
  /** True once the outcome is stored or the key freed. */
  settled: boolean;
  /**
   * Records, instead of a body, what a streamed answer is about (ids), so a repeat re-streams it rather
   * than waiting forever for a body that a hijacked reply never produces.
   */
  streamStarted(reference: object): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route applies a write sent again with the same `Idempotency-Key` once (the offline queue
     * replays). Other routes ignore the header. Never on authentication routes: their answers carry
     * sessions, and a replayed sign-in simply signs in again.
     */
    idempotent?: true | IdempotentStream;
  }
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
  }
}

const header = 'idempotency-key';
const keyPattern = /^[\w.:-]{8,200}$/;
const keepForMs = 24 * 60 * 60_000;
/** Live keys one caller may hold: far above an offline queue's 50 items, low enough to bound the table. */
export const maxKeysPerCaller = 500;
/** Stored in place of a body when the first request streamed: the body is then a reference to replay. */
const streamReferenceType = 'application/vnd.uplift.stream-reference+json';

function fingerprint(request: FastifyRequest): string {
  const url = request.url.split('?')[0];
  return createHash('sha256')
    .update(`${request.method} ${url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
}

/** Answers that must not be kept: failures worth retrying, and anything carrying a session. */
function mustNotStore(reply: FastifyReply, payload: string): boolean {
  if (reply.statusCode >= 500 || reply.statusCode === 429) return true;
  if (reply.hasHeader('set-cookie')) return true;
  const contentType = reply.getHeader('content-type');
  if (typeof contentType !== 'string' || !contentType.includes('json')) return false;
  try {
    const body: unknown = JSON.parse(payload);
    return typeof body === 'object' && body !== null && 'token' in body;
  } catch {
    return false;
  }
}

/**
 * Applies a write sent with an `Idempotency-Key` once per user (per address when signed out), on the
 * routes that declare `config.idempotent`: a repeat gets the stored answer (or the streamed answer again),
 * so replaying an offline queue after a lost response never duplicates anything. Server errors and rate
 * limits are not stored, so a retry after one runs again.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, { db }: { db: Database }) => {
    app.decorateRequest('idempotency', null);
    const rowOf = (scope: string, key: string) =>
      and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
    const youngerThanKeepTime = sql`${idempotencyKeys.createdAt} > now() - make_interval(secs => ${keepForMs / 1000})`;

    const liveKeys = (scope: string) => sql`(select count(*) from ${idempotencyKeys}
      where ${idempotencyKeys.scope} = ${scope} and ${youngerThanKeepTime})`;
    async function liveKeysOf(scope: string): Promise<number> {
      const [row] = (await db.execute<{ count: string }>(sql`select ${liveKeys(scope)} as count`)).rows;
      return Number(row?.count ?? 0);
    }

    /** Claims the key unless it is taken or the caller already holds too many; true when claimed. */
    async function claim(scope: string, key: string, print: string): Promise<boolean> {
      const claimed = await db.execute(sql`
        insert into ${idempotencyKeys} (scope, key, fingerprint)
        select ${scope}, ${key}, ${print}
        where ${liveKeys(scope)} < ${maxKeysPerCaller}
        on conflict do nothing
        returning key`);
      return claimed.rows.length > 0;
    }

    const replayOrClaim = async (request: FastifyRequest, reply: FastifyReply) => {
      const declared = request.routeOptions.config.idempotent;
      const key = request.headers[header];
      if (!declared || !isWrite(request.method) || typeof key !== 'string') return;
      if (!keyPattern.test(key)) {
        throw new HttpError(400, 'Idempotency-Key must be 8 to 200 letters, digits or . _ : -');
      }
      const scope = request.auth?.publicUser.id ?? `ip:${request.ip}`;
      const print = fingerprint(request);
      if (await claim(scope, key, print)) {
        const claimed: IdempotencyClaim = {
          scope,
          key,
          settled: false,
          async streamStarted(reference) {
            claimed.settled = true;
            await db
              .update(idempotencyKeys)
              .set({
                statusCode: 200,
                contentType: streamReferenceType,
                responseBody: JSON.stringify(reference),
              })
              .where(rowOf(scope, key));
          },
        };
        request.idempotency = claimed;
        // A reply that ended without storing anything (a stream that recorded no reference) frees its key.
        reply.raw.once('close', () => {
          if (!claimed.settled) {
            db.delete(idempotencyKeys)
              .where(rowOf(scope, key))
              .catch((error: unknown) =>
                request.log.warn({ err: error }, 'freeing an idempotency key failed'),
              );
          }
        });
        return;
      }
      const stored = await db.query.idempotencyKeys.findFirst({ where: rowOf(scope, key) });
      if (!stored && (await liveKeysOf(scope)) >= maxKeysPerCaller) {
        throw new HttpError(
          429,
          `Too many requests with an Idempotency-Key (${maxKeysPerCaller} a day); try again later.`,
          'RATE_LIMITED',
        );
      }
      if (!stored) throw new HttpError(409, 'This request is being retried; try again in a moment.');
      if (stored.fingerprint !== print) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request.');
      }
      if (stored.statusCode === null) {
        throw new HttpError(409, 'A request with this Idempotency-Key is still being processed.');
      }
      reply.header('idempotent-replayed', 'true');
      if (stored.contentType === streamReferenceType && typeof declared === 'object') {
        return declared.replayStream(request, reply, JSON.parse(stored.responseBody ?? 'null'));
      }
      return reply
        .code(stored.statusCode)
        .header('content-type', stored.contentType ?? 'application/json; charset=utf-8')
        .send(stored.responseBody);
    };

    // Before compression's hook, so the payload here is still the serialised body.
    const storeAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const claimed = request.idempotency;
      if (!claimed) return payload;
      claimed.settled = true;
      const where = rowOf(claimed.scope, claimed.key);
      if (
        (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
        mustNotStore(reply, payload.toString())
      ) {
        await db.delete(idempotencyKeys).where(where);
      } else {
        const contentType = reply.getHeader('content-type');
        await db
          .update(idempotencyKeys)
          .set({
            statusCode: reply.statusCode,
            contentType: typeof contentType === 'string' ? contentType : null,
            responseBody: payload.toString(),
          })
          .where(where);
      }
      return payload;
    };

    // Only the routes that declare it carry the hooks.
    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent || !writes(route)) return;
      addRouteHook(route, 'preHandler', replayOrClaim);
      addRouteHook(route, 'onSend', storeAnswer);
    });

    const sweep = setInterval(() => {
      db.delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${keepForMs / 1000})`))
        .catch((error: unknown) => app.log.warn({ err: error }, 'idempotency key sweep failed'));
    }, 60 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'idempotency', dependencies: ['session'] },
);
