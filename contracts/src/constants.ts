/** SPEC §9: business constants and limits. Durations are in milliseconds. */

export const toastLimits = {
  maxVisible: 5,
  defaultDurationMs: 5_000,
  warningDurationMs: 7_000,
  /** Errors stay until dismissed. */
  errorDurationMs: null,
  restoreAndSyncNoticeMs: 3_000,
  queueNoticeMs: 2_000,
} as const;

export const offlineLimits = {
  queueMaxItems: 50,
  defaultMaxRetries: 3,
  retryDelayMs: 5_000,
  cacheExpiryMs: 60 * 60_000,
  cacheMaxEntries: 100,
  connectivityCheckIntervalMs: 30_000,
  cacheCleanupIntervalMs: 5 * 60_000,
  probeTimeoutMs: 5_000,
  replayTimeoutMs: 10_000,
  pauseBetweenReplaysMs: 100,
} as const;

export const httpLimits = {
  timeoutMs: 30_000,
  retryableStatuses: [408, 409, 425, 429, 500, 502, 503, 504],
  errorRetryAttempts: 3,
  errorRetryInitialDelayMs: 1_000,
} as const;

export const loadingLimits = {
  startProgress: 10,
  stepIntervalMs: 100,
  overlayLingerMs: 300,
  operationRemoveAfterCompleteMs: 500,
  colours: {
    dark: ['#00D4FF', '#FF6B35'],
    light: ['#5755D9', '#7B68EE'],
  },
  dotThresholds: [25, 50, 75],
  defaultStage: 'Loading...',
} as const;

export const gestureLimits = {
  longPressMs: 3_000,
  doubleTapMs: 300,
  tapMaxDragPx: 20,
  longPressCancelMovePx: 12,
  tapSuppressAfterLongPressMs: { touch: 600, mouse: 400 },
  navHide: {
    touch: { scrollDelta: 8, accumulatedScroll: 56, upScroll: 12 },
    mouse: { scrollDelta: 3, accumulatedScroll: 32, upScroll: 8 },
  },
  keyboardVisibleThresholdPx: 100,
} as const;

export const layoutLimits = {
  navBottomOffsetPx: 24,
  equalTabWidthsUpTo: 5,
  sixTabWidthFractions: [0.16, 0.16, 0.2, 0.16, 0.16, 0.16],
  androidSafeMargins: { top: 24, bottom: 16, bottomWithNavigationBar: 48, sidesMin: 8 },
  androidNavigationBarDetectPx: 50,
  orientationRemeasureMs: 100,
} as const;

export const hapticPreferenceDefaults = {
  enabled: true,
  buttons: true,
  navigation: true,
  notifications: true,
  selections: false,
  logo: false,
} as const;
