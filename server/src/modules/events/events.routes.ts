import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  liveEventsQuerySchema,
  liveResyncEventType,
  type LiveEvent,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { EventBus, StoredEvent } from './event-bus.ts';
import { isForClients, sessionsChangedEvent } from './event-bus.ts';
import { eventsSince, signInStillLive } from './events.repo.ts';

export interface EventsRoutesOptions {
  db: Database;
  events: EventBus;
  /** A comment line this often keeps proxies and the browser from closing a quiet stream. */
  heartbeatMs?: number;
  /** Open streams per signed-in user (or per address for anonymous readers) on one instance. */
  maxStreamsPerUser?: number;
  maxStreamsPerAddress?: number;
}

/** A reconnecting client gets at most this many missed events; beyond, it is told to refetch instead. */
const maxCatchUp = 500;
/** How long a replayed event's late live copy is looked out for (a NOTIFY trails its commit by milliseconds). */
const replayedWindowMs = 10_000;

/** A refused stream may retry this soon: a slot frees as soon as another tab closes its stream. */
const streamSlotRetrySeconds = 5;

/** A client this far behind (bytes unsent) is cut off; it reconnects and catches up from the table. */
const maxBufferedBytes = 1_000_000;

const streamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
};

function toWire(event: StoredEvent): string {
  const data: LiveEvent = {
    id: String(event.id),
    type: event.type,
    data: event.payload,
    at: event.createdAt,
  };
  return `id: ${event.id}\ndata: ${JSON.stringify(data)}\n\n`;
}

export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, options) => {
  const { db, events, heartbeatMs = 15_000, maxStreamsPerUser = 5, maxStreamsPerAddress = 20 } = options;
  const openStreams = new Map<string, number>();

  app.get(
    '/api/events',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['events'],
        summary:
          "Live events as server-sent events: everyone's and the caller's own; Last-Event-ID catches up",
        querystring: liveEventsQuerySchema,
        response: {
          200: {
            description: 'Server-sent events, each a LiveEvent with its id',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // A HEAD (Fastify answers it with this handler) gets the stream's headers and ends: no stream, no slot.
      if (request.method === 'HEAD') {
        return reply.code(200).headers(streamHeaders).send('');
      }
      const userId = request.auth?.user.id ?? null;
      const holder = userId ?? `address:${request.ip}`;
      const limit = userId ? maxStreamsPerUser : maxStreamsPerAddress;
      const open = openStreams.get(holder) ?? 0;
      if (open >= limit) {
        throw new HttpError(
          429,
          `At most ${limit} live connections at once; close another tab and retry.`,
        ).retryAfter(streamSlotRetrySeconds);
      }
      const header = request.headers['last-event-id'];
      const lastIdText = (typeof header === 'string' ? header : undefined) ?? request.query.lastEventId;
      if (lastIdText !== undefined && !/^\d{1,18}$/.test(lastIdText)) {
        throw new HttpError(400, 'Last-Event-ID must be an event id (digits).');
      }
      openStreams.set(holder, open + 1);

      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        ...streamHeaders,
        connection: 'keep-alive',
      });
      // Sent at once so the headers leave now, and the browser waits 3 s before reconnecting.
      response.write('retry: 3000\n: connected\n\n');

      let closed = false;
      const write = (text: string) => {
        // Once cut off it stays silent until the socket closes: a write after `end` would raise an error
        // event on the response that nothing handles, taking the process down.
        if (closed || response.writableEnded) return;
        response.write(text);
        if (response.writableLength > maxBufferedBytes) response.end();
      };
      // While catching up, live events wait here so the order holds; dropped once written.
      let waiting: StoredEvent[] | null = lastIdText === undefined ? null : [];
      // The ids the catch-up sent: an event committed before the catch-up read it can still arrive live
      // after it (its NOTIFY comes later), and is skipped for a while rather than sent twice.
      let replayed: ReadonlySet<number> | null = null;
      let forgetReplayed: NodeJS.Timeout | null = null;
      // A signed-in stream ends with its sign-in (sign-out, a password change elsewhere, suspension,
      // deletion): the database announces every change to a member's sessions (migration 0015), and the
      // stream checks then whether its own still stands. The client reconnects as whoever it is now.
      const familyId = request.auth?.session.familyId ?? null;
      let checking: Promise<void> | null = null;
      let checkAgain = false;
      const checkSignIn = (): Promise<void> => {
        if (!familyId) return Promise.resolve();
        if (checking) {
          checkAgain = true;
          return checking;
        }
        checking = signInStillLive(db, familyId)
          .then(
            (live) => {
              if (!live) response.end();
            },
            (error: unknown) => request.log.warn({ err: error }, 'live events: session check failed'),
          )
          .finally(() => {
            checking = null;
            if (checkAgain && !closed && !response.writableEnded) {
              checkAgain = false;
              void checkSignIn();
            }
          });
        return checking;
      };
      const unsubscribe = events.subscribe({
        userId,
        deliver(event) {
          if (event.type === sessionsChangedEvent && userId && event.payload.userId === userId) {
            void checkSignIn();
            return;
          }
          if (!isForClients(event)) return;
          if (waiting) waiting.push(event);
          else if (!replayed?.has(event.id)) write(toWire(event));
        },
        close: () => response.end(),
      });
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
      response.on('close', () => {
        closed = true;
        clearInterval(heartbeat);
        if (forgetReplayed) clearTimeout(forgetReplayed);
        unsubscribe();
        const left = (openStreams.get(holder) ?? 1) - 1;
        if (left > 0) openStreams.set(holder, left);
        else openStreams.delete(holder);
      });

      if (lastIdText === undefined || !waiting) return;
      try {
        const missed = await eventsSince(db, Number(lastIdText), maxCatchUp + 1, { userId });
        if (missed.length > maxCatchUp) {
          write(
            `data: ${JSON.stringify({ id: '0', type: liveResyncEventType, data: {}, at: new Date().toISOString() })}\n\n`,
          );
        } else {
          for (const event of missed) if (isForClients(event)) write(toWire(event));
        }
        const sent = new Set(missed.map((event) => event.id));
        for (const event of waiting) if (!sent.has(event.id)) write(toWire(event));
        replayed = sent;
        forgetReplayed = setTimeout(() => (replayed = null), replayedWindowMs);
        forgetReplayed.unref();
      } catch (error) {
        request.log.error({ err: error }, 'live events catch-up failed');
        response.end();
      } finally {
        waiting = null;
      }
    },
  );
};
