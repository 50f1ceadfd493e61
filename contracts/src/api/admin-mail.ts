import { z } from 'zod';

/**
 * Mail the job queue gave up on after its last retry (issue 47.1, decision 0109). An admin sees when, to
 * whom, which kind and the last error, never the message's data, and can queue one again.
 */
export const mailKindLabels: Record<string, string> = {
  'email-verification': 'Email address confirmation',
  'email-change-notice': 'Notice of an email change',
  'password-reset': 'Password-reset link',
  notification: 'Notification',
  'notification-digest': 'Daily digest',
};

/** A kind in words; one this list does not know yet reads as itself. */
export const mailKindLabel = (kind: string): string => mailKindLabels[kind] ?? kind;

export const mailDeadLetterPageSizes = [10, 25, 50] as const;

export const mailDeadLetterQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (mailDeadLetterPageSizes as readonly number[]).includes(size), 'Use 10, 25 or 50')
    .default(10),
});
export type MailDeadLetterQuery = z.input<typeof mailDeadLetterQuerySchema>;

export const mailDeadLetterSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    /** The address it was for; null when the message failed before it knew (its composer threw). */
    recipient: z.string().nullable(),
    attempts: z.number().int(),
    /** The last attempt's error, as the transport or the composer gave it. */
    error: z.string(),
    failedAt: z.string(),
  })
  .meta({ id: 'MailDeadLetter' });
export type MailDeadLetter = z.infer<typeof mailDeadLetterSchema>;

export const mailDeadLetterPageSchema = z
  .object({
    items: z.array(mailDeadLetterSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'MailDeadLetterPage' });
export type MailDeadLetterPage = z.infer<typeof mailDeadLetterPageSchema>;
