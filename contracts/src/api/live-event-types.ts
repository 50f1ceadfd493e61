/**
 * Names of live events the client listens for.
 * Without zod: the web app's first screen uses these and loads no zod.
 */

/** Sent instead of the missed events when a reconnecting client missed more than the server replays. */
export const liveResyncEventType = 'live.resync';

/**
 * The live event a member's devices get when their notifications or read state change: `data.unreadCount`,
 * and `data.notificationId` when a notification arrived (ids only: the client fetches its words).
 */
export const notificationsChangedEvent = 'notifications.changed';

/**
 * Sent to each of a conversation's two members (never anyone else) when a message arrives or is read;
 * `data.with` is the other member's id. Only ids travel: the client refetches the conversation.
 */
export const messagesChangedEvent = 'messages.changed';
