/**
 * The app's one way of writing times and dates (Intl, the reader's locale): every screen shows a moment
 * the same way. The lint config forbids date formatting anywhere else in web/src, so it stays the one way.
 */
type Moment = Date | string | number;

/**
 * Each formatter is made on first use, then kept. Intl.DateTimeFormat is costly to create: the first one in
 * a page loads the locale's calendar data, so none is made while this module loads; the app makes the feed's
 * one as it starts, in a task of its own, for a member or when the visitor's first page shows a date
 * (`prepareDateFormatsFor`).
 */
function formatterSet<Style extends string>(
  options: Record<Style, Intl.DateTimeFormatOptions>,
  locale?: string,
) {
  const made = new Map<Style, Intl.DateTimeFormat>();
  return (style: Style): Intl.DateTimeFormat => {
    let formatter = made.get(style);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(locale, options[style]);
      made.set(style, formatter);
    }
    return formatter;
  };
}

const momentOptions = {
  /** "14:05" or "2:05 PM" */
  time: { hour: 'numeric', minute: '2-digit' },
  /** A clock reading where seconds matter (last check, queue times): "14:05:09". */
  timeWithSeconds: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  /** "3 Mar 2030" */
  date: { dateStyle: 'medium' },
  /** "3 March 2030" */
  longDate: { dateStyle: 'long' },
  /** "3 Mar 2030, 14:05" */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type MomentStyle = keyof typeof momentOptions;
const momentFormat = formatterSet<MomentStyle>(momentOptions);

/**
 * Makes the feed's formatter ahead of need, in a task of its own while the first page's code loads, when
 * that page shows a moment (main.tsx). Intl's first use in a page loads the locale's data whatever the
 * formatter: 15–50 ms measured in Chromium (four times that on Lighthouse's phone); made inside the first
 * render, it lengthened that one long task by as much. A member's first page may be any page, so it is made
 * for them; a visitor's drawn page (`firstPage`) says whether it shows one with its `<time>` elements (the
 * feed's posts). On the others nothing is made: it would be start-up work for no date on screen.
 */
export function prepareDateFormatsFor(firstPage: Element | null): void {
  if (firstPage && !firstPage.querySelector('time')) return;
  setTimeout(() => momentFormat('dateTime'), 0);
}

/**
 * The same moment written the same on every machine (English, UTC): what a page drawn on the server shows
 * until the reader's browser has taken it over and writes it in the reader's own locale and zone.
 */
const drawnFormat = formatterSet<MomentStyle>(
  Object.fromEntries(
    Object.entries(momentOptions).map(([style, options]) => [style, { ...options, timeZone: 'UTC' }]),
  ) as Record<MomentStyle, Intl.DateTimeFormatOptions>,
  'en',
);

function toDate(moment: Moment): Date {
  return moment instanceof Date ? moment : new Date(moment);
}

export function formatMoment(moment: Moment, style: MomentStyle): string {
  return momentFormat(style).format(toDate(moment));
}

/** `formatMoment` as a drawn page shows it, whoever draws it: see `drawnFormat`. */
export function formatMomentAsDrawn(moment: Moment, style: MomentStyle): string {
  return drawnFormat(style).format(toDate(moment));
}

/** The machine-readable twin for `<time dateTime>`. */
export function isoOf(moment: Moment): string {
  return toDate(moment).toISOString();
}

/** Today's moments by their time, older ones by their date: how lists of recent things read best. */
export function formatRecent(moment: Moment, now: Date = new Date()): string {
  const date = toDate(moment);
  return date.toDateString() === now.toDateString() ? formatMoment(date, 'time') : formatMoment(date, 'date');
}

/**
 * Calendar days and months ("2030-03-03", "2030-03": an outcome's day, a month of figures) are not moments.
 * Date reads them as midnight UTC, so they are written in UTC: in the reader's zone, anyone west of
 * Greenwich would see the day (or month) before the one stored.
 */
const calendarOptions = {
  /** "3 Mar 2030" */
  day: { dateStyle: 'medium', timeZone: 'UTC' },
  /** "Mar 2030" */
  month: { month: 'short', year: 'numeric', timeZone: 'UTC' },
  /** "Mar": a chart's axis, where the year is said once. */
  shortMonth: { month: 'short', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type CalendarStyle = keyof typeof calendarOptions;
const calendarFormat = formatterSet<CalendarStyle>(calendarOptions);

/** A calendar day ("2030-03-03") or month ("2030-03"), the same for every reader whatever their time zone. */
export function formatCalendar(value: string, style: CalendarStyle): string {
  return calendarFormat(style).format(new Date(value));
}
