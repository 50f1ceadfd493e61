import { z } from 'zod';

/**
 * One live event as `GET /api/events` sends it (the `data:` of a server-sent event whose `id:` is `id`).
 * Payloads hold ids and small facts only: clients refetch what they show.
 */
export const liveEventSchema = z
  .object({
    id: z.string().regex(/^\d+$/),
    type: z.string(),
    data: z.record(z.string(), z.unknown()),
    at: z.string(),
  })
  .meta({ id: 'LiveEvent' });
export type LiveEvent = z.infer<typeof liveEventSchema>;

export { liveResyncEventType } from './live-event-types.ts';

export const liveEventsQuerySchema = z.object({
  /** The last event id a client saw, for clients that cannot set the `Last-Event-ID` header. */
  lastEventId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});
