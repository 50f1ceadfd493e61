/** What the rest of the app may use of the community: the moderation queue, for the admin area. */
export { ModerationQueue } from './components/ModerationQueue.tsx';
/** The feed and its topics, which the server draws into a visitor's first page (app/visitorFirstReads). */
export { feedQueryOptions, topicsQueryOptions } from './api/getFeed.ts';
/** A member's posts and comments, for their profile (issue 45.5). */
export { MemberActivity } from './components/MemberActivity.tsx';
/** The Community tab's count: posts by others since the member last opened the feed (issue 45.3). */
export { useCommunityNewCount } from './components/NewSince.tsx';
/** "Unfollow this post" under a notice of a reply to a followed post (issue 45.2). */
export { UnfollowPostButton } from './components/PostStanding.tsx';
