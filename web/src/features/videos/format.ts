import { skillAreaIds, skillAreaLabel, type SkillAreaId } from '@uplift/contracts';

/** 24 → "0:24", 75 → "1:15". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Spoken form for screen readers: "24 seconds", "1 minute 15 seconds". */
export function spokenDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  const parts = [];
  if (minutes > 0) parts.push(`${minutes} minute${minutes === 1 ? '' : 's'}`);
  if (rest > 0 || minutes === 0) parts.push(`${rest} second${rest === 1 ? '' : 's'}`);
  return parts.join(' ');
}

/** Skill-area labels for the tags the contracts know; unknown tags are left out. */
export function skillLabels(tags: readonly string[]): string[] {
  return tags.flatMap((tag) => (isSkillAreaId(tag) ? [skillAreaLabel(tag)] : []));
}

// A list lookup rather than the contract's schema: video cards are on the first screen, which loads no zod.
function isSkillAreaId(tag: string): tag is SkillAreaId {
  return (skillAreaIds as readonly string[]).includes(tag);
}
