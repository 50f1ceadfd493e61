/** What the rest of the app may use of videos; everything else in this folder is private to it. */
export { ContinueWatching } from './components/ContinueWatching.tsx';
export { FeaturedVideos } from './components/FeaturedVideos.tsx';
export { ShortsRow } from './components/ShortsRow.tsx';
/** The video lists' query keys: admin edits invalidate them so Home shows a change at once. */
export { videoKeys } from './api/keys.ts';
/** Featured videos and shorts, which the server draws into a visitor's first page (app/visitorFirstReads). */
export { featuredVideosQueryOptions } from './api/getFeatured.ts';
export { shortsQueryOptions } from './api/getShorts.ts';
