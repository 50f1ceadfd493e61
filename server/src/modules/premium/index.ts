/**
 * Requests for the premium membership: there is no payment, so a member asks the community's admins, who
 * hear of it through a notification (decision 0089). One open request per member.
 */
import type { Database } from '../../db/client.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import { premiumRoutes } from './premium.routes.ts';
import type { PremiumNotices } from './premium.service.ts';

export async function register(app: App, deps: { db: Database; notices: PremiumNotices }): Promise<void> {
  await app.register(inRootContext(premiumRoutes), deps);
}
