/**
 * CSV as RFC 4180 reads it, for spreadsheets: CRLF between records, a field quoted when it holds a comma,
 * quote or line break (quotes doubled). A field a spreadsheet would run as a formula (starting with
 * = + - @, their full-width forms ＝ ＋ － ＠ which spreadsheets read alike, tab or carriage return) gets a
 * leading apostrophe, as OWASP advises against CSV injection.
 * Hand-written because csv-stringify leaves a line break unquoted with CRLF records (node-csv#467).
 */
const formulaStart = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const needsQuotes = /[",\r\n]/;

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(fields: ReadonlyArray<string | number | null | undefined>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
