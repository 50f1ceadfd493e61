/** Query keys of the public impact figures; anything that changes them (an outcome) invalidates `all`. */
export const impactKeys = {
  all: ['impact'] as const,
  economicImpact: () => ['impact', 'economic-impact'] as const,
  industryBreakdown: () => ['impact', 'industry-breakdown'] as const,
};
