import { describe, expect, it } from 'vitest';
import { formatMoment, formatRecent, isoOf } from './dateTime.ts';

describe('one way of writing times and dates', () => {
  const moment = Date.UTC(2030, 2, 3, 14, 5, 9);

  it('accepts a Date, an ISO string or a time stamp alike', () => {
    const iso = new Date(moment).toISOString();
    for (const style of ['time', 'timeWithSeconds', 'date', 'longDate', 'dateTime'] as const) {
      expect(formatMoment(iso, style)).toBe(formatMoment(moment, style));
      expect(formatMoment(new Date(moment), style)).toBe(formatMoment(moment, style));
    }
    expect(isoOf(moment)).toBe(iso);
  });

  it('follows Intl for the reader locale', () => {
    expect(formatMoment(moment, 'dateTime')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(moment),
    );
  });

  it('writes today by its time and other days by their date', () => {
    const now = new Date(moment + 60_000);
    expect(formatRecent(moment, now)).toBe(formatMoment(moment, 'time'));
    expect(formatRecent(moment, new Date(moment + 3 * 86_400_000))).toBe(formatMoment(moment, 'date'));
  });
});
