/** What the rest of the app may use of the community: the moderation queue, for the admin area. */
export { ModerationQueue } from './components/ModerationQueue.tsx';
/** The feed and its topics, which the server draws into a visitor's first page (app/visitorFirstReads). */
export { feedQueryOptions, topicsQueryOptions } from './api/getFeed.ts';
/** A member's posts and comments, for their profile (issue 45.5). */
export { MemberActivity } from './components/MemberActivity.tsx';
