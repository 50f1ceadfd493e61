import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  mailDeadLetterPageSchema,
  mailDeadLetterQuerySchema,
  mailDeadLetterSchema,
  mailKindLabel,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { mailDeadLetters } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { actorOf, recordAudit } from '../audit/index.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

type Letter = typeof mailDeadLetters.$inferSelect;

/** What an admin sees of a dead letter: never its job data, which can carry ids and per-kind details. */
const toDeadLetter = (row: Letter) => ({
  id: row.id,
  kind: row.kind,
  recipient: row.recipient,
  attempts: row.attempts,
  error: row.error,
  failedAt: row.failedAt.toISOString(),
});

/** Mail the job queue gave up on, for admins: read newest first, and queue one again (decision 0109). */
export const deadLetterRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** Queues the message again as it was first queued; its kind's composer runs anew when the job does. */
  enqueue: (kind: string, data: Record<string, unknown>) => Promise<void>;
}> = async (app, { db, enqueue }) => {
  app.get(
    '/api/admin/mail/dead-letters',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Mail given up after its last retry, newest first: when, to whom, which kind, the last error',
        querystring: mailDeadLetterQuerySchema,
        response: { 200: mailDeadLetterPageSchema, ...errors },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(mailDeadLetters)
          .orderBy(desc(mailDeadLetters.failedAt), desc(mailDeadLetters.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ value: count() }).from(mailDeadLetters),
      ]);
      return { items: rows.map(toDeadLetter), total: total?.value ?? 0, page, pageSize };
    },
  );

  app.post(
    '/api/admin/mail/dead-letters/:id/retry',
    {
      config: { access: 'admin', idempotent: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary:
          'Queue a dead letter again (audited): it leaves the list, and comes back as a new one if every ' +
          'retry fails again',
        params: z.object({ id: z.uuid() }),
        response: { 202: mailDeadLetterSchema, ...errors },
      },
    },
    async (request, reply) => {
      const letter = await db.transaction(async (tx) => {
        // Deleted and returned in one statement: of two admins retrying at once, one queues it, one gets 404.
        const [row] = await tx
          .delete(mailDeadLetters)
          .where(eq(mailDeadLetters.id, request.params.id))
          .returning();
        if (!row)
          throw new HttpError(404, 'No undelivered email has this id: it may have been retried already.');
        await recordAudit(tx, {
          actor: actorOf(request),
          action: 'mail.retry',
          subjectType: 'mail',
          subjectId: row.id,
          subjectLabel: `${mailKindLabel(row.kind)} to ${row.recipient ?? 'an address not known yet'}`,
          before: { state: 'undelivered', error: row.error },
          after: { state: 'queued again' },
        });
        // Inside the transaction: if the queue refuses it, the dead letter and the audit entry stay as they were.
        await enqueue(row.kind, row.data);
        return row;
      });
      return reply.code(202).send(toDeadLetter(letter));
    },
  );
};
