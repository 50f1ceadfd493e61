/**
 * The admin portal's own pages: the overview (what needs attention, recent audit entries), the dashboard
 * figures and member management. Counts of other modules' work arrive as `attention` callbacks.
 */
import { inRootContext, type App } from '../../plugins/root-context.ts';
import { auditExportRoutes } from './audit-export.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { memberStoryRoutes } from './member-story.routes.ts';
import { overviewRoutes } from './overview.routes.ts';
import { usersAdminRoutes } from './users.routes.ts';

/** Work waiting in another module, counted on the admin overview (community's reports, scheduled sends). */
export type { AttentionCounter } from './overview.routes.ts';
/** Each section of a member's story, read by the module that owns it (app.ts passes them in). */
export type { MemberStoryReaders } from './member-story.routes.ts';

type Deps = Parameters<typeof dashboardRoutes>[1] &
  Parameters<typeof overviewRoutes>[1] &
  Parameters<typeof usersAdminRoutes>[1] & {
    storyReaders: Parameters<typeof memberStoryRoutes>[1]['readers'];
  };

export async function register(
  app: App,
  {
    db,
    metrics,
    attention,
    removePhoto,
    onSessionsChanged,
    sendPasswordReset,
    onMemberDeleting,
    storyReaders,
  }: Deps,
): Promise<void> {
  await app.register(inRootContext(dashboardRoutes), { db, metrics });
  await app.register(inRootContext(usersAdminRoutes), {
    db,
    removePhoto,
    onSessionsChanged,
    sendPasswordReset,
    onMemberDeleting,
  });
  await app.register(inRootContext(memberStoryRoutes), { db, readers: storyReaders });
  await app.register(inRootContext(overviewRoutes), { db, attention });
  await app.register(inRootContext(auditExportRoutes), { db });
}
