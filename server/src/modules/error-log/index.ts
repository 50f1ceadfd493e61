/** Client errors reported by the app (SPEC §8), stored and listed for admins. */
import type { Database } from '../../db/client.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import { errorLogRoutes } from './error-log.routes.ts';

export async function register(app: App, deps: { db: Database }): Promise<void> {
  await app.register(inRootContext(errorLogRoutes), deps);
}
