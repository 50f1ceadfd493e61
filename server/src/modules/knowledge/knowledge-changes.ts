import { cacheInvalidatedEvent, type EventBus } from '../events/index.ts';

/**
 * The public read cache's tag for knowledge answers, under which the database also announces every write
 * to the knowledge points (migration 0017's triggers, whatever made it: the seed, SQL by hand).
 */
export const knowledgeTag = 'knowledge';

/** Calls `changed` on this instance after each write to the knowledge points, made on any instance. */
export function onKnowledgeChanged(events: Pick<EventBus, 'subscribe'>, changed: () => void): void {
  events.subscribe({
    userId: null,
    deliver: ({ type, payload }) => {
      if (type === cacheInvalidatedEvent && payload.tag === knowledgeTag) changed();
    },
    close: () => undefined,
  });
}
