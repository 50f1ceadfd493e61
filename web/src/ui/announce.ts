import { announce as announceLive, destroyAnnouncer } from '@react-aria/live-announcer';

export type Politeness = 'polite' | 'assertive';

/**
 * The app's one announcer (decision 0121): React Aria's live announcer keeps a polite and an assertive
 * region in the page, visually hidden, and adds each message to one of them as its own line, so a screen
 * reader says each message once and nothing else with it. For words that appear somewhere that is not a
 * live region of its own: toasts, and live events from the server.
 */
export function announce(message: string, politeness: Politeness): void {
  announceLive(message, politeness, spokenLineMs);
}

// The announcer's line goes once it has been said, so the words are not on the page twice for long
// (React Aria's own default is 7 s). A reader takes the words when they arrive, so removing the line
// later does not cut what it is saying.
const spokenLineMs = 1_000;

/** Tests start each page with no announcer left over from the last one. */
export function resetAnnouncer(): void {
  destroyAnnouncer();
}
