/** What the rest of the app may use of videos; everything else in this folder is private to it. */
export { ContinueWatching } from './components/ContinueWatching.tsx';
export { FeaturedVideos } from './components/FeaturedVideos.tsx';
export { ShortsRow } from './components/ShortsRow.tsx';
