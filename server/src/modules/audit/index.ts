/**
 * The audit log: who did what to whom. Modules record an entry in the same transaction as the action
 * (`recordAudit`), with the actor taken from the request (`actorOf`); admins read it here.
 */
import type { Database } from '../../db/client.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import { auditRoutes } from './audit.routes.ts';

export { actorOf, recordAudit, type Actor } from './audit.ts';
export { listAudit, streamAudit } from './audit.repo.ts';

export async function register(app: App, deps: { db: Database }): Promise<void> {
  await app.register(inRootContext(auditRoutes), deps);
}
