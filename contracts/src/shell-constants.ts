/** SPEC constants for the app shell that constants.ts does not hold. Durations are in milliseconds. */

/** SPEC §5: progress is clamped to 0-100. */
export const progressRange = { min: 0, max: 100 } as const;

/** SPEC §9: the app's default loading indicator options. */
export const loadingIndicatorDefaults = { showProgress: true, subtle: false, theme: 'dark' } as const;

/** SPEC §7: haptics vibrate default duration. */
export const hapticLimits = { vibrateDefaultMs: 300 } as const;

/** SPEC §7: the native status bar: dark style (light text), background #1C1C1C, overlaying the web view on Android. */
export const nativeStatusBar = {
  style: 'dark',
  backgroundColor: '#1C1C1C',
  overlaysWebViewOnAndroid: true,
} as const;

/** SPEC §2: the error page defaults of its two variants. */
export const errorPageDefaults = {
  notFound: { statusCode: 404, message: 'Page Not Found' },
  generic: { statusCode: 500, message: 'Internal Server Error' },
} as const;
