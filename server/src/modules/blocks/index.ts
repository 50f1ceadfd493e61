/**
 * Blocking a member (issue 45.6, decision 0103): either way round, the two cannot message each other, and
 * the blocked member cannot mention the blocker or see their activity. Other modules ask through
 * `isBlockedBetween` (one pair, e.g. before a message or a profile's activity), `blockedPairs` (a page of
 * mentions at once) and `blockedIdsFor` (everyone to leave out of what a member is shown); each takes the
 * database or an open transaction.
 */
import type { Database } from '../../db/client.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import { blocksRoutes } from './blocks.routes.ts';

export { blockedIdsFor, blockedPairs, hasBlocked, isBlockedBetween } from './blocks.repo.ts';

export async function register(app: App, deps: { db: Database }): Promise<void> {
  await app.register(inRootContext(blocksRoutes), deps);
}
