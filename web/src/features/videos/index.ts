/** What the rest of the app may use of videos; everything else in this folder is private to it. */
export { ContinueWatching } from './components/ContinueWatching.tsx';
export { FeaturedVideos } from './components/FeaturedVideos.tsx';
export { ShortsRow } from './components/ShortsRow.tsx';
/** The video lists' query keys: admin edits invalidate them so Home shows a change at once. */
export { videoKeys } from './api/keys.ts';
