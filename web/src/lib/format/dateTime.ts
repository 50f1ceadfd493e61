/**
 * The app's one way of writing times and dates (Intl, the reader's locale): every screen shows a moment
 * the same way. Formatters are built once; Intl.DateTimeFormat is costly to create on every render.
 * The lint config forbids date formatting anywhere else in web/src, so it stays the one way.
 */
type Moment = Date | string | number;

const formats = {
  /** "14:05" or "2:05 PM" */
  time: new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }),
  /** A clock reading where seconds matter (last check, queue times): "14:05:09". */
  timeWithSeconds: new Intl.DateTimeFormat(undefined, {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }),
  /** "3 Mar 2030" */
  date: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }),
  /** "3 March 2030" */
  longDate: new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }),
  /** "3 Mar 2030, 14:05" */
  dateTime: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
};

export type MomentStyle = keyof typeof formats;

function toDate(moment: Moment): Date {
  return moment instanceof Date ? moment : new Date(moment);
}

export function formatMoment(moment: Moment, style: MomentStyle): string {
  return formats[style].format(toDate(moment));
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
const calendarFormats = {
  /** "3 Mar 2030" */
  day: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }),
  /** "Mar 2030" */
  month: new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  /** "Mar": a chart's axis, where the year is said once. */
  shortMonth: new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' }),
};

export type CalendarStyle = keyof typeof calendarFormats;

/** A calendar day ("2030-03-03") or month ("2030-03"), the same for every reader whatever their time zone. */
export function formatCalendar(value: string, style: CalendarStyle): string {
  return calendarFormats[style].format(new Date(value));
}
