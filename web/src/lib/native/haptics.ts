import { hapticLimits } from '@uplift/contracts';
import { allowsHaptic, loadHapticPreferences, type HapticCategory } from '../haptics/preferences.ts';

export type ImpactStyle = 'light' | 'medium' | 'heavy';
export type NotificationKind = 'success' | 'warning' | 'error';

/** Vibration patterns standing in for native impact and notification feedback where only vibrate exists. */
const impactMs: Record<ImpactStyle, number> = { light: 10, medium: 20, heavy: 40 };
const notificationPattern: Record<NotificationKind, number[]> = {
  success: [15, 60, 15],
  warning: [30, 80, 30],
  error: [40, 60, 40, 60, 40],
};

function vibrateWeb(pattern: number | number[]): void {
  // iOS Safari and desktop browsers have no vibration: there this is a no-op, as SPEC §7's web fallback.
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return;
  try {
    navigator.vibrate(pattern);
  } catch {
    // SPEC §8: haptics failures are swallowed.
  }
}

/**
 * SPEC §7 haptics (impact light/medium/heavy, notification success/warning/error, vibrate 300 ms by
 * default), each gated by the user's haptic preferences (SPEC §3). On the web it uses the Vibration API;
 * the native shells will route the same calls to Capacitor Haptics here, and nowhere else.
 */
export const haptics = {
  impact(style: ImpactStyle, category: HapticCategory = 'buttons'): void {
    if (allowsHaptic(loadHapticPreferences(), category)) vibrateWeb(impactMs[style]);
  },
  notification(kind: NotificationKind): void {
    if (allowsHaptic(loadHapticPreferences(), 'notifications')) vibrateWeb(notificationPattern[kind]);
  },
  selection(): void {
    if (allowsHaptic(loadHapticPreferences(), 'selections')) vibrateWeb(impactMs.light);
  },
  vibrate(durationMs: number = hapticLimits.vibrateDefaultMs, category: HapticCategory = 'buttons'): void {
    if (allowsHaptic(loadHapticPreferences(), category)) vibrateWeb(durationMs);
  },
};
