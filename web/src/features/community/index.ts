/** What the rest of the app may use of the community: the moderation queue, for the admin area. */
export { ModerationQueue } from './components/ModerationQueue.tsx';
