import { z } from 'zod';
import { errorLogLimits } from './error-log-limits.ts';
import { severitySchema, errorCodeSchema } from '../errors.ts';
import { boundedDateTime, findInputProblem, safeText } from '../text.ts';

export const statusResponseSchema = z
  .object({
    status: z.literal('ok'),
    time: z.iso.datetime(),
    build: z.string(),
  })
  .meta({ id: 'StatusResponse' });
export type StatusResponse = z.infer<typeof statusResponseSchema>;

export const healthResponseSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['up', 'down']),
    /**
     * Whether the Redis that shared rate limits count in answers; absent when none is configured. Its loss
     * leaves the service ready (requests go on uncounted), so it never makes `status` unavailable.
     */
    redis: z.enum(['ok', 'unavailable']).optional(),
    uptimeSeconds: z.number(),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** Liveness: the process answers; nothing else is asked. */
export const liveResponseSchema = z.object({ status: z.literal('ok') }).meta({ id: 'LiveResponse' });

/** Readiness: what a balancer asks before sending traffic (503 while anything it needs is away). */
export const readyResponseSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['up', 'down']),
    storage: z.enum(['up', 'down']),
  })
  .meta({ id: 'ReadyResponse' });

export * from './error-log-limits.ts';

/** SPEC §3: the error log payload, with the optional catalogue fields. */
export const errorLogPayloadSchema = z
  .object({
    message: safeText().trim().min(1).max(errorLogLimits.messageMax),
    stack: safeText().max(errorLogLimits.stackMax).optional(),
    timestamp: boundedDateTime(),
    userAgent: safeText().max(errorLogLimits.userAgentMax),
    url: safeText().max(errorLogLimits.urlMax),
    context: z
      .record(safeText(), z.unknown())
      // Stored as JSON: every string safe text, and shallow enough to read (and to measure below).
      .superRefine((value, ctx) => {
        const problem = findInputProblem(value, errorLogLimits.contextMaxDepth);
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path, continue: false });
        }
      })
      .refine((value) => JSON.stringify(value).length <= errorLogLimits.contextMaxBytes, {
        message: `context must serialise to at most ${errorLogLimits.contextMaxBytes} bytes`,
      })
      .optional(),
    code: errorCodeSchema.optional(),
    severity: severitySchema.optional(),
    userMessage: safeText().max(errorLogLimits.messageMax).optional(),
  })
  .meta({ id: 'ErrorLogPayload' });
export type ErrorLogPayload = z.infer<typeof errorLogPayloadSchema>;

export const errorLogResponseSchema = z
  .object({ success: z.literal(true), id: z.string() })
  .meta({ id: 'ErrorLogResponse' });

export const storedErrorLogSchema = z
  .object({
    id: z.string(),
    message: z.string(),
    code: z.string().nullable(),
    severity: z.string().nullable(),
    userMessage: z.string().nullable(),
    url: z.string(),
    userAgent: z.string(),
    occurredAt: z.iso.datetime(),
    receivedAt: z.iso.datetime(),
  })
  .meta({ id: 'StoredErrorLog' });

export const errorLogListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const errorLogListResponseSchema = z
  .object({ items: z.array(storedErrorLogSchema) })
  .meta({ id: 'ErrorLogList' });
