/** Under the member's id, so accounts on one device never mix. */
export const messageKeys = {
  all: (userId: string) => ['messages', userId] as const,
  list: (userId: string) => ['messages', userId, 'list'] as const,
  conversation: (userId: string, memberId: string) => ['messages', userId, 'with', memberId] as const,
  settings: (userId: string) => ['messages', userId, 'settings'] as const,
  blocks: (userId: string) => ['messages', userId, 'blocks'] as const,
};

/** The offline queue's name for a direct message. */
export const messageQueueType = 'direct-message';
