import { z } from 'zod';
import { errorCodes, severities } from './error-catalogue.ts';

export * from './error-catalogue.ts';

export const errorCodeSchema = z.enum(errorCodes);
export const severitySchema = z.enum(severities);

/**
 * Why a signed-in session was refused, when the member can be told more than "sign in again" (issue 43,
 * decision 0070): an admin suspended the account, with the admin's reason when one was given. It rides on
 * an AUTH_FAILED (401) answer, so SPEC §8's twelve codes stay as they are.
 */
export const sessionEndedSchema = z.object({
  cause: z.literal('suspended'),
  reason: z.string().nullable(),
});
export type SessionEnded = z.infer<typeof sessionEndedSchema>;

/** One shape for every error response of the API. */
export const apiErrorSchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: errorCodeSchema,
      message: z.string(),
      statusCode: z.number().int(),
      requestId: z.string().optional(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      sessionEnded: sessionEndedSchema.optional(),
    }),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;
