import { useEffect, useRef } from 'react';
import type { LiveEvent } from '@uplift/contracts';
import { requestStream } from '../http/index.ts';
import { createLiveConnection } from './liveConnection.ts';

/** The one connection of this app, shared by every listener. */
export const liveConnection = createLiveConnection({
  async open(lastEventId, signal) {
    const response = await requestStream('/events', {
      signal,
      headers: lastEventId ? { 'Last-Event-ID': lastEventId } : {},
    });
    if (!response.body) throw new Error('live events: empty response');
    return response.body;
  },
});

/**
 * Calls `handler` with each live event of `type` (`'*'`: every type) while the component is mounted. The
 * latest handler is used, so it need not be memoised.
 */
export function useLiveEvent(type: string, handler: (event: LiveEvent) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => liveConnection.subscribe(type, (event) => latest.current(event)), [type]);
}

let knownIdentity: string | null | undefined;

/**
 * Tells the live connection who is signed in (a user id, or null): when that changes it reconnects, so the
 * stream carries that user's private events and no one else's. Any number of components may call it.
 */
export function useLiveIdentity(userId: string | null): void {
  useEffect(() => {
    if (knownIdentity === undefined) knownIdentity = userId;
    if (knownIdentity === userId) return;
    knownIdentity = userId;
    liveConnection.reconnect();
  }, [userId]);
}
