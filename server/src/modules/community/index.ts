/** The community hub: feed, directory and moderation routes, registered by app.ts. */
export { createCommunityService, type CommunityService } from './community.service.ts';
export { communityRoutes } from './community.routes.ts';
export { communityImageRoutes } from './images.routes.ts';
export { createPostImages } from './post-image.ts';
export { directoryRoutes } from './directory.ts';
export { moderationRoutes } from './moderation.routes.ts';
export { openReportCount } from './moderation.ts';
export type { CommunityNotices } from './notices.ts';
export { seedCommunity } from './community.seed.ts';
