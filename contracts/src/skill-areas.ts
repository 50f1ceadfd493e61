/**
 * The skill areas and their labels.
 * Without zod: the web app's first screen uses these and loads no zod.
 */

/**
 * The eight skill areas (PRODUCT.md §2). Videos, partners, knowledge points, profiles and the skills
 * assessment all tag with these ids; the labels are what members read.
 */
export const skillAreas = [
  { id: 'communication', label: 'Communication' },
  { id: 'leadership', label: 'Leadership' },
  { id: 'digital-literacy', label: 'Digital literacy' },
  { id: 'data-analytics', label: 'Data and analytics' },
  { id: 'financial-literacy', label: 'Financial literacy' },
  { id: 'project-management', label: 'Project management' },
  { id: 'customer-focus', label: 'Customer focus' },
  { id: 'entrepreneurship', label: 'Entrepreneurship' },
] as const;

export type SkillAreaId = (typeof skillAreas)[number]['id'];
export const skillAreaIds = skillAreas.map((area) => area.id) as [SkillAreaId, ...SkillAreaId[]];

export function skillAreaLabel(id: SkillAreaId): string {
  return skillAreas.find((area) => area.id === id)?.label ?? id;
}
