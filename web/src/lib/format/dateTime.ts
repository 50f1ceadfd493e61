/**
 * The app's one way of writing times and dates (Intl, the reader's locale): every screen shows a moment
 * the same way. Formatters are built once; Intl.DateTimeFormat is costly to create on every render.
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
