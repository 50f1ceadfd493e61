/** The community hub: feed, directory and moderation routes, registered by app.ts. */
export { createCommunityService, type CommunityService } from './community.service.ts';
export { communityRoutes } from './community.routes.ts';
export { directoryRoutes } from './directory.ts';
export { moderationRoutes } from './moderation.routes.ts';
export { seedCommunity } from './community.seed.ts';
