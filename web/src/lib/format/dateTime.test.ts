import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
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

describe('calendar days and months', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  /** The module as a reader west of Greenwich gets it: its formatters take the zone when they are built. */
  async function inLosAngeles() {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    vi.resetModules();
    return import('./dateTime.ts');
  }

  it('writes the stored day, not the day before, west of Greenwich', async () => {
    const { formatCalendar, formatMoment } = await inLosAngeles();
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      Date.UTC(2030, 2, 3),
    );
    expect(formatCalendar('2030-03-03', 'day')).toBe(expected);
    // The trap it avoids: as a moment, midnight UTC on the 3rd is still the 2nd in Los Angeles.
    expect(formatMoment('2030-03-03', 'date')).not.toBe(expected);
  });

  it('writes a month with and without its year, the stored month everywhere', async () => {
    const { formatCalendar } = await inLosAngeles();
    const march = Date.UTC(2026, 2, 1);
    expect(formatCalendar('2026-03', 'month')).toBe(
      new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(march),
    );
    expect(formatCalendar('2026-03', 'shortMonth')).toBe(
      new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' }).format(march),
    );
  });
});

describe('the feed’s formatter made ahead of the first render', () => {
  // One spy for the block: a second vi.spyOn of Intl.DateTimeFormat after a restore is not installed.
  let made: MockInstance<typeof Intl.DateTimeFormat>;
  beforeAll(() => {
    made = vi.spyOn(Intl, 'DateTimeFormat');
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => made.mockRestore());

  /** A fresh module (no formatter made yet), with timers under the test. */
  async function freshFormats() {
    vi.resetModules();
    const fresh = await import('./dateTime.ts');
    made.mockClear();
    vi.useFakeTimers();
    return fresh;
  }

  function drawnPage(html: string): Element {
    const page = document.createElement('div');
    page.innerHTML = html;
    return page;
  }

  it('is made once, in a task of its own, and the feed’s dates then use it without making another', async () => {
    const fresh = await freshFormats();
    fresh.prepareDateFormatsFor(
      drawnPage('<article><time datetime="2030-03-03T14:05:00Z">3 Mar</time></article>'),
    );
    expect(made).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(made).toHaveBeenCalledTimes(1);
    fresh.formatMoment(Date.UTC(2030, 2, 3, 14, 5), 'dateTime');
    fresh.formatMoment(Date.UTC(2031, 0, 1, 9, 0), 'dateTime');
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('is made for a member, whose first page may be any', async () => {
    const fresh = await freshFormats();
    fresh.prepareDateFormatsFor(null);
    vi.runAllTimers();
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('is not made for a visitor’s drawn page that shows no date', async () => {
    const fresh = await freshFormats();
    fresh.prepareDateFormatsFor(drawnPage('<main><h1>Partners</h1><p>Find a partner near you.</p></main>'));
    vi.runAllTimers();
    expect(made).not.toHaveBeenCalled();
  });
});
