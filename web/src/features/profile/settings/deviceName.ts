/**
 * Systems and browsers in the order they must be tried: a user agent names several (an Android phone's
 * says "Linux; Android", an iPhone's "like Mac OS X", Edge's and Samsung Internet's also say "Chrome" and
 * "Safari"), so the most specific comes first rather than whichever appears first in the string.
 */
const systems: readonly (readonly [RegExp, string])[] = [
  [/iPad/, 'iPad'],
  [/iPhone|iPod/, 'iPhone'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];

const browsers: readonly (readonly [RegExp, string])[] = [
  [/EdgA?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/OPR\//, 'Opera'],
  [/CriOS\/|Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const firstMatch = (userAgent: string, list: readonly (readonly [RegExp, string])[]) =>
  list.find(([pattern]) => pattern.test(userAgent))?.[1];

/** A readable name for a session's device, from its user agent: "Chrome on Android". */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const name = [firstMatch(userAgent, browsers), firstMatch(userAgent, systems)].filter(Boolean);
  return name.join(' on ') || 'Unknown device';
}
