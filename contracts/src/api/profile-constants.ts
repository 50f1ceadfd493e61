/** Industries and profile limits, without zod: screens that only list, label or bound them load no zod. */

/** The industries a member can choose; the economic-impact breakdown groups by them. */
export const industries = [
  { id: 'technology', label: 'Technology' },
  { id: 'healthcare', label: 'Healthcare' },
  { id: 'education', label: 'Education' },
  { id: 'finance', label: 'Finance and insurance' },
  { id: 'retail', label: 'Retail' },
  { id: 'hospitality', label: 'Hospitality and tourism' },
  { id: 'manufacturing', label: 'Manufacturing' },
  { id: 'construction', label: 'Construction and trades' },
  { id: 'logistics', label: 'Transport and logistics' },
  { id: 'creative', label: 'Creative and media' },
  { id: 'public-sector', label: 'Public sector' },
  { id: 'nonprofit', label: 'Non-profit and community' },
] as const;
export type IndustryId = (typeof industries)[number]['id'];

export function industryLabel(id: string): string {
  return industries.find((industry) => industry.id === id)?.label ?? 'Other';
}

export const profileLimits = {
  headlineMax: 120,
  bioMax: 1_000,
  placeMax: 80,
  tagsMax: 10,
  tagMax: 32,
  linksMax: 5,
  linkLabelMax: 40,
  linkUrlMax: 2_048,
} as const;
