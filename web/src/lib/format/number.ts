/**
 * A number formatter made on first use, then kept. Like a date formatter (dateTime.ts), the first
 * Intl.NumberFormat of a kind loads the locale's data: four made as the impact figures' module loaded cost
 * 31 ms of the start-up of `/` unthrottled (126 ms at a phone's 4× slowdown), on a screen that had not yet
 * shown a number.
 */
export function numberFormatter(options?: Intl.NumberFormatOptions): (value: number) => string {
  let formatter: Intl.NumberFormat | undefined;
  return (value) => {
    formatter ??= new Intl.NumberFormat(undefined, options);
    return formatter.format(value);
  };
}
