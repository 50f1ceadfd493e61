/**
 * Live events from `GET /api/events` (server/src/modules/events): one connection per app, opened while
 * anyone listens, reconnecting with Last-Event-ID. Read over fetch rather than EventSource so the native
 * shells can send their bearer token and a 401 renews the session like any other call.
 */
export { liveConnection, useLiveEvent, useLiveIdentity } from './useLiveEvent.ts';
export type { LiveEvent } from '@uplift/contracts';
