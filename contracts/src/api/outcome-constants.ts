/**
 * Outcome types and the one currency of the economic-impact figures.
 * Without zod: the web app's first screen uses these and loads no zod.
 */

export const outcomeTypes = [
  { id: 'new-job', label: 'New job' },
  { id: 'promotion', label: 'Promotion' },
  { id: 'raise', label: 'Raise' },
  { id: 'certification', label: 'Certification' },
  { id: 'business-started', label: 'Business started' },
] as const;
export type OutcomeType = (typeof outcomeTypes)[number]['id'];
export function outcomeTypeLabel(id: OutcomeType): string {
  return outcomeTypes.find((type) => type.id === id)?.label ?? id;
}

/** Every amount is reported and summed in one currency, so totals never mix currencies. */
export const impactCurrency = 'USD';
