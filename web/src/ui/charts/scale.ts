/**
 * What the charts share: one series colour per index from the theme's chart set (styles.css and
 * theme-dark.css, each at least 3:1 against the card in its theme), and shares written the same way.
 */
const seriesCount = 8;

/** The colour of the index-th series (a slice, a stacked segment, a line), as a CSS value. */
export function seriesColour(index: number): string {
  return `var(--chart-${(index % seriesCount) + 1})`;
}

/** A part of a whole in whole percent: 0 when the whole is nothing, never more than 100. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round(Math.min(1, part / whole) * 100) : 0;
}

/** A bar's length as a CSS width: its share of the largest, at least a sliver when it is above zero. */
export function barWidth(value: number | null, max: number): string {
  if (value === null || value <= 0 || max <= 0) return '0%';
  return `${Math.max(2, (value / max) * 100)}%`;
}
