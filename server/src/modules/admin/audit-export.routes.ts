import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActionLabel, auditCsvColumns, auditLogFilterSchema, type AuditEntry } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { streamAudit } from '../audit/index.ts';
import { csvRecord } from './csv.ts';

function csvLine(entry: AuditEntry): string {
  return csvRecord([
    entry.at,
    entry.actorId,
    entry.actorName,
    entry.action,
    auditActionLabel(entry.action),
    entry.subjectType,
    entry.subjectId,
    entry.subjectLabel,
    entry.before ? JSON.stringify(entry.before) : null,
    entry.after ? JSON.stringify(entry.after) : null,
  ]);
}

/**
 * The audit log as CSV, with the page's filters: here rather than in the audit module because the CSV
 * writer (formula-leading fields neutralised) is the member export's, and audit sits below admin.
 */
export const auditExportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/admin/audit-log/export.csv',
    {
      config: { access: 'admin', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Every audit entry matching the filter as CSV, newest first, streamed, with no row cap',
        querystring: auditLogFilterSchema,
        response: {
          200: {
            description: 'The entries as CSV, a header row first',
            // Sent as a stream, documented as its text: the stream branch has no JSON Schema and drops out.
            content: { 'text/csv': { schema: z.union([z.string(), z.instanceof(Readable)]) } },
          },
        },
      },
    },
    async (request, reply) => {
      const filter = request.query;
      async function* lines() {
        yield csvRecord(auditCsvColumns);
        for await (const batch of streamAudit(db, filter)) yield batch.map(csvLine).join('');
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="uplift-audit-log-${day}.csv"`)
        .send(Readable.from(lines()));
    },
  );
};
