import { z } from 'zod';
import { errorCodes, severities } from './error-catalogue.ts';

export * from './error-catalogue.ts';

export const errorCodeSchema = z.enum(errorCodes);
export const severitySchema = z.enum(severities);

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
    }),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;
