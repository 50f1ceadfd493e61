/** Query keys of the skills feature, under each user's id so accounts on one device never mix. */
export const skillsKeys = {
  all: ['skills'] as const,
  results: (userId: string) => ['skills', userId, 'results'] as const,
  assessment: (userId: string, id: string) => ['skills', userId, 'assessment', id] as const,
  result: (userId: string, id: string) => ['skills', userId, 'result', id] as const,
  recommendations: (userId: string) => ['skills', userId, 'recommendations'] as const,
  shares: (userId: string) => ['skills', userId, 'shares'] as const,
};
