import type pg from 'pg';
import type { Database } from '../../db/client.ts';
import { createListener } from './listener.ts';
import {
  eventsChannel,
  eventsSince,
  insertAndNotify,
  latestEventId,
  maxPayloadBytes,
  parseNotification,
  pruneEvents,
  type Executor,
  type StoredEvent,
} from './events.repo.ts';

export type { StoredEvent } from './events.repo.ts';

export interface PublishedEvent {
  /** Dotted name, e.g. `community.post.created`; clients subscribe by it. */
  type: string;
  /** One user's private event, or everyone's (anonymous readers too) when null or absent. */
  audienceUserId?: string | null;
  /** Ids and small facts (under 2,000 bytes as JSON): clients refetch what they show. */
  payload?: Record<string, unknown>;
}

/** Someone listening in this process: an open `/api/events` stream, or server code. */
export interface Subscriber {
  /** Receives everyone's events and, when set, this user's private ones. */
  userId: string | null;
  deliver(event: StoredEvent): void;
  /** Called when the bus stops (the app closes), so open streams end instead of holding it open. */
  close(): void;
}

export interface EventBus {
  publish(event: PublishedEvent, tx?: Executor): Promise<StoredEvent>;
  subscribe(subscriber: Subscriber): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly subscriberCount: number;
  /** Whether this instance hears notifications now (its listening connection is up). */
  readonly listening: boolean;
}

export interface EventBusOptions {
  /** How long events stay available to reconnecting clients. */
  keepMs?: number;
  pruneEveryMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Events for the server's own instances, never sent to clients: a write elsewhere dropped public answers
 * under `payload.tag` (plugins/public-cache.ts). The database publishes it too, for knowledge points
 * (migration 0017's triggers).
 */
export const cacheInvalidatedEvent = 'server.cache.invalidated';

/**
 * Published by the database itself (migration 0015's triggers) when a member's sessions or the fields a
 * session carries change: every instance forgets that member's cached sessions (`payload.userId`).
 */
export const sessionsChangedEvent = 'server.sessions.changed';

/** Whether clients see an event at all: `server.*` events are for the instances. */
export function isForClients(event: StoredEvent): boolean {
  return !event.type.startsWith('server.');
}

export function canReceive(subscriber: { userId: string | null }, event: StoredEvent): boolean {
  return event.audienceUserId === null || event.audienceUserId === subscriber.userId;
}

/**
 * Live events across instances: `publish` stores an event and NOTIFYs it; every instance's dedicated
 * listener hands it to the subscribers of that process that may see it, and keeps nothing afterwards.
 */
/** How many recent ids the bus remembers to hand each event out once. */
const recentIdsKept = 10_000;

export function createEventBus(db: Database, options: EventBusOptions = {}): EventBus {
  const { keepMs = 24 * 60 * 60_000, pruneEveryMs = 10 * 60_000, log = () => {} } = options;
  const subscribers = new Set<Subscriber>();
  // The newest event handed out here, so a listener that was down catches up on exactly what it missed.
  let lastSeenId = 0;
  // Ids handed out lately, so one that a catch-up and its NOTIFY both bring goes out once. Not "at most
  // lastSeenId": ids are taken at insert and commit in any order, so a lower one may rightly come later.
  const handedOut = new Set<number>();
  let pruneTimer: NodeJS.Timeout | null = null;

  function fanOut(event: StoredEvent) {
    if (handedOut.has(event.id)) return;
    handedOut.add(event.id);
    // Insertion order: the first is the oldest.
    if (handedOut.size > recentIdsKept) handedOut.delete(handedOut.values().next().value ?? event.id);
    lastSeenId = Math.max(lastSeenId, event.id);
    for (const subscriber of subscribers) {
      if (!canReceive(subscriber, event)) continue;
      try {
        subscriber.deliver(event);
      } catch (error) {
        log('a live event subscriber failed', error);
      }
    }
  }

  async function catchUp() {
    for (;;) {
      const missed = await eventsSince(db, lastSeenId, 500);
      for (const event of missed) fanOut(event);
      if (missed.length < 500) return;
    }
  }

  const listener = createListener({
    connection: db.$client.options as pg.ClientConfig,
    channel: eventsChannel,
    onNotification(text) {
      try {
        fanOut(parseNotification(text));
      } catch (error) {
        log('an unreadable live event notification was ignored', error);
      }
    },
    onConnected: catchUp,
    log,
  });

  async function prune() {
    await pruneEvents(db, keepMs).catch((error: unknown) => log('pruning live events failed', error));
  }

  return {
    async publish(event, tx) {
      const payload = event.payload ?? {};
      if (Buffer.byteLength(JSON.stringify(payload)) > maxPayloadBytes) {
        throw new Error(`live event ${event.type}: payload over ${maxPayloadBytes} bytes; send ids instead`);
      }
      return insertAndNotify(tx ?? db, {
        type: event.type,
        audienceUserId: event.audienceUserId ?? null,
        payload,
      });
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async start() {
      lastSeenId = await latestEventId(db);
      await listener.start();
      await prune();
      pruneTimer = setInterval(() => void prune(), pruneEveryMs);
      pruneTimer.unref();
    },
    async stop() {
      if (pruneTimer) clearInterval(pruneTimer);
      pruneTimer = null;
      for (const subscriber of subscribers) subscriber.close();
      subscribers.clear();
      await listener.stop();
    },
    get subscriberCount() {
      return subscribers.size;
    },
    get listening() {
      return listener.connected;
    },
  };
}
