/**
 * The community hub: topics, the feed with posts, comments, reactions and images, the member directory,
 * and moderation. Events that concern other modules leave through `notices` (notifications, in app.ts).
 */
import type { Database } from '../../db/client.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import type { AttentionCounter } from '../admin/index.ts';
import type { EventBus } from '../events/index.ts';
import type { Storage } from '../storage/index.ts';
import { createCommunityService } from './community.service.ts';
import { communityRoutes } from './community.routes.ts';
import { directoryRoutes } from './directory.ts';
import { communityImageRoutes } from './images.routes.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { openReportCount } from './moderation.ts';
import type { CommunityNotices } from './notices.ts';
import { createPostImages } from './post-image.ts';

export async function register(
  app: App,
  deps: {
    db: Database;
    events: EventBus;
    notices: CommunityNotices;
    storage: Storage;
    incomingDir: string;
  },
): Promise<{ attention: AttentionCounter }> {
  const { db, events, notices, incomingDir } = deps;
  const images = createPostImages(deps.storage);
  await app.register(inRootContext(communityRoutes), {
    db,
    community: createCommunityService(db, events, notices),
    images,
  });
  await app.register(inRootContext(communityImageRoutes), { images, incomingDir });
  await app.register(inRootContext(directoryRoutes), { db });
  await app.register(inRootContext(moderationRoutes), { db, events, notices });
  return {
    attention: {
      id: 'moderation',
      label: 'Reported posts and comments to review',
      path: '/admin/moderation',
      count: () => openReportCount(db),
    },
  };
}
