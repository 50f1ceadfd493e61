import { impactCurrency } from '@uplift/contracts';

const money = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: impactCurrency,
  maximumFractionDigits: 0,
});
const compactMoney = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: impactCurrency,
  notation: 'compact',
  maximumFractionDigits: 1,
});
const count = new Intl.NumberFormat();
const monthName = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortMonth = new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' });

export const formatMoney = (value: number) => money.format(value);
export const formatCompactMoney = (value: number) => compactMoney.format(value);
export const formatCount = (value: number) => count.format(value);
/** "2026-03" as "Mar 2026" (or the reader's locale). */
export const formatMonth = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
export const formatShortMonth = (month: string) => shortMonth.format(new Date(`${month}-01T00:00:00Z`));
/** What a withheld figure reads as. */
export const withheldText = 'Fewer than 5 members';
