/**
 * The community hub: topics, the feed with posts, comments, reactions and images, the member directory,
 * and moderation. Events that concern other modules leave through `notices` (notifications, in app.ts).
 */
import type { Database } from '../../db/client.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import type { AttentionCounter } from '../admin/index.ts';
import type { EventBus } from '../events/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Storage } from '../storage/index.ts';
import { createCommunityService } from './community.service.ts';
import { communityRoutes } from './community.routes.ts';
import { directoryRoutes } from './directory.ts';
import { communityImageRoutes } from './images.routes.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { openReportCount } from './moderation.ts';
import type { CommunityNotices } from './notices.ts';
import { createPostImages } from './post-image.ts';
import { revisionRoutes } from './revisions.routes.ts';
import { activityRoutes } from './activity.routes.ts';
import { communitySocialRoutes } from './social.routes.ts';

/** A member's posts and comments, for the admin's view of them. */
export { memberComments, memberPosts } from './member-content.ts';

/** The job queue's name for the removal of post images never posted (decision 0051). */
const postImageSweepJob = 'community-image-sweep';

export async function register(
  app: App,
  deps: {
    db: Database;
    events: EventBus;
    notices: CommunityNotices;
    storage: Storage;
    incomingDir: string;
    jobs: JobQueue;
  },
): Promise<{ attention: AttentionCounter }> {
  const { db, events, notices, incomingDir } = deps;
  const images = createPostImages(deps.storage, db);
  // Uploads never posted go after a day: once an hour, on one instance of however many.
  deps.jobs.every(postImageSweepJob, '17 * * * *', async () => {
    await images.sweepUnposted();
  });
  const community = createCommunityService(db, events, images, notices);
  await app.register(inRootContext(communityRoutes), { db, community });
  await app.register(inRootContext(communitySocialRoutes), { db, community });
  await app.register(inRootContext(communityImageRoutes), { images, incomingDir });
  await app.register(inRootContext(directoryRoutes), { db });
  await app.register(inRootContext(moderationRoutes), { db, events, notices });
  await app.register(inRootContext(revisionRoutes), { db });
  await app.register(inRootContext(activityRoutes), { db });
  return {
    attention: {
      id: 'moderation',
      label: 'Reported posts and comments to review',
      path: '/admin/moderation',
      count: () => openReportCount(db),
    },
  };
}
