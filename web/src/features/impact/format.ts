import { impactCurrency } from '@uplift/contracts';
import { formatCalendar } from '../../lib/format/dateTime.ts';
import { numberFormatter } from '../../lib/format/number.ts';

export const formatMoney = numberFormatter({
  style: 'currency',
  currency: impactCurrency,
  maximumFractionDigits: 0,
});
export const formatCompactMoney = numberFormatter({
  style: 'currency',
  currency: impactCurrency,
  notation: 'compact',
  maximumFractionDigits: 1,
});
const points = numberFormatter({ minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const formatCount = numberFormatter();
/** A skill gain on the 0–300 scale, signed: "+11.2 points". */
export const formatSkillGain = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${points(Math.abs(value))} points`;
/** The same in words, for screen readers, which read "+" and "−" inconsistently or not at all. */
export const describeSkillGain = (value: number) =>
  value === 0
    ? 'no change on the 0 to 300 skills scale'
    : `${value > 0 ? 'up' : 'down'} ${points(Math.abs(value))} points on the 0 to 300 skills scale`;
/** "2026-03" as "Mar 2026" (or the reader's locale). */
export const formatMonth = (month: string) => formatCalendar(month, 'month');
export const formatShortMonth = (month: string) => formatCalendar(month, 'shortMonth');
/** What a withheld figure reads as. */
export const withheldText = 'Fewer than 5 members';
/** A figure that may be withheld (null, decision 0018), formatted or read as withheld. */
export const orWithheld = (value: number | null, format: (value: number) => string) =>
  value === null ? withheldText : format(value);
