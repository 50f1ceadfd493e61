import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
}

const header = 'idempotency-key';
const keyPattern = /^[\w.:-]{8,200}$/;
const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const keepForMs = 24 * 60 * 60_000;

function fingerprint(request: FastifyRequest): string {
  const url = request.url.split('?')[0];
  return createHash('sha256')
    .update(`${request.method} ${url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
}

/**
 * Applies a write sent with an `Idempotency-Key` once per user (per address when signed out): a repeat
 * gets the stored answer, so replaying an offline queue after a lost response never duplicates anything.
 * Server errors are not stored, so a retry after one runs again.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, { db }: { db: Database }) => {
    app.decorateRequest('idempotency', null);

    app.addHook('preHandler', async (request, reply) => {
      const key = request.headers[header];
      if (!unsafeMethods.has(request.method) || typeof key !== 'string') return;
      if (!keyPattern.test(key)) {
        throw new HttpError(400, 'Idempotency-Key must be 8 to 200 letters, digits or . _ : -');
      }
      const scope = request.auth?.user.id ?? `ip:${request.ip}`;
      const print = fingerprint(request);
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ scope, key, fingerprint: print })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length > 0) {
        request.idempotency = { scope, key };
        return;
      }
      const stored = await db.query.idempotencyKeys.findFirst({
        where: and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)),
      });
      if (!stored) throw new HttpError(409, 'This request is being retried; try again in a moment.');
      if (stored.fingerprint !== print) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request.');
      }
      if (stored.statusCode === null) {
        throw new HttpError(409, 'A request with this Idempotency-Key is still being processed.');
      }
      return reply
        .code(stored.statusCode)
        .header('content-type', stored.contentType ?? 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(stored.responseBody);
    });

    // Registered before compression, so the payload here is still the serialised body.
    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotency;
      if (!claim) return payload;
      const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
      if (reply.statusCode >= 500 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
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
