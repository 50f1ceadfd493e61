/**
 * The partner directory (employers, training providers, funders), members' connection requests and the
 * admin's partner management. Answers reach the member through `onAnswered` (notifications, in app.ts).
 */
import { inRootContext, type App } from '../../plugins/root-context.ts';
import { partnersAdminRoutes } from './partners.admin.routes.ts';
import { partnersRoutes } from './partners.routes.ts';

export { logoPalette, partnerLogoSvg } from './partner-logo.ts';
/** A member's requests to partners, for the admin's view of them. */
export { memberPartnerRequests } from './member-requests.ts';
/** The directory as Vale names it (chat). */
export { partnerSources, type PartnerSource } from './partner-sources.ts';

export async function register(
  app: App,
  {
    db,
    incomingDir,
    onAnswered,
  }: Parameters<typeof partnersRoutes>[1] & Parameters<typeof partnersAdminRoutes>[1],
): Promise<void> {
  await app.register(inRootContext(partnersRoutes), { db, onAnswered });
  await app.register(inRootContext(partnersAdminRoutes), { db, incomingDir });
}
