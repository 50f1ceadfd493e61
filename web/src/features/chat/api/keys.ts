/**
 * Query keys of the chat feature. Each signed-in user's data sits under their own id, so a second
 * account on the same device never sees the first one's cached conversations.
 */
export const chatKeys = {
  all: ['chat'] as const,
  quota: (viewer: string | null) => ['chat', 'quota', viewer ?? 'anonymous'] as const,
  conversations: (userId: string) => ['chat', 'conversations', userId] as const,
  conversation: (userId: string, id: string) => ['chat', 'conversations', userId, id] as const,
  knowledgePoint: (idOrSlug: string) => ['knowledge-points', idOrSlug] as const,
};
