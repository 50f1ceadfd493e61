/** Query keys of the profile feature, under the viewer's id so accounts on one device never mix. */
export const profileKeys = {
  all: ['profile'] as const,
  own: (userId: string) => ['profile', 'own', userId] as const,
  member: (viewer: string, id: string) => ['profile', 'member', viewer, id] as const,
  outcomes: (userId: string) => ['profile', 'outcomes', userId] as const,
  preferences: (userId: string) => ['profile', 'preferences', userId] as const,
  sessions: (userId: string) => ['profile', 'sessions', userId] as const,
};
