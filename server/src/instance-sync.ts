import { cacheInvalidatedEvent, sessionsChangedEvent, type EventBus } from './modules/events/index.ts';
import type { PublicCache } from './plugins/public-cache.ts';

/**
 * What each instance keeps in memory stays correct on all of them: the event bus carries the writes of
 * every instance, and this drops the answers and sessions they made stale. Subscribed before any stream,
 * so it hears each event first.
 */
export function followOtherInstances(
  bus: EventBus,
  { publicCache, forgetUser }: { publicCache: PublicCache; forgetUser: (userId: string) => void },
): void {
  bus.subscribe({
    userId: null,
    deliver: ({ type, payload }) => {
      if (type === cacheInvalidatedEvent && typeof payload.tag === 'string')
        publicCache.invalidate(payload.tag);
      // Readers refetch when told of a community change, and that event can reach this instance before the
      // writer's invalidation (published after the commit): drop the answers first.
      if (type.startsWith('community.')) publicCache.invalidate('community');
      if (type === sessionsChangedEvent && typeof payload.userId === 'string') forgetUser(payload.userId);
    },
    close: () => undefined,
  });
}
