import { hapticLimits } from '@uplift/contracts';
import { allowsHaptic, loadHapticPreferences, type HapticCategory } from '../haptics/preferences.ts';
import { isNativePlatform } from './platform.ts';

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

type NativeFeedback =
  | { kind: 'impact'; style: ImpactStyle }
  | { kind: 'notification'; type: NotificationKind }
  | { kind: 'selection' }
  | { kind: 'vibrate'; durationMs: number };

/** Capacitor Haptics in the shells, loaded on demand so the web bundle never carries it. */
async function feedNative(feedback: NativeFeedback): Promise<void> {
  const { Haptics, ImpactStyle, NotificationType } = await import('@capacitor/haptics');
  const impactStyles = { light: ImpactStyle.Light, medium: ImpactStyle.Medium, heavy: ImpactStyle.Heavy };
  const notificationTypes = {
    success: NotificationType.Success,
    warning: NotificationType.Warning,
    error: NotificationType.Error,
  };
  if (feedback.kind === 'impact') await Haptics.impact({ style: impactStyles[feedback.style] });
  else if (feedback.kind === 'notification')
    await Haptics.notification({ type: notificationTypes[feedback.type] });
  else if (feedback.kind === 'selection') await Haptics.selectionChanged();
  else await Haptics.vibrate({ duration: feedback.durationMs });
}

/** Native feedback in the shells, the Vibration API on the web; failures are swallowed (SPEC §8). */
function feel(feedback: NativeFeedback, webPattern: number | number[]): void {
  if (isNativePlatform()) feedNative(feedback).catch(() => {});
  else vibrateWeb(webPattern);
}

/**
 * SPEC §7 haptics (impact light/medium/heavy, notification success/warning/error, vibrate 300 ms by
 * default), each gated by the user's haptic preferences (SPEC §3): Capacitor Haptics in the native shells,
 * the Vibration API on the web.
 */
export const haptics = {
  impact(style: ImpactStyle, category: HapticCategory = 'buttons'): void {
    if (allowsHaptic(loadHapticPreferences(), category)) feel({ kind: 'impact', style }, impactMs[style]);
  },
  notification(kind: NotificationKind, category: HapticCategory = 'notifications'): void {
    if (allowsHaptic(loadHapticPreferences(), category)) {
      feel({ kind: 'notification', type: kind }, notificationPattern[kind]);
    }
  },
  selection(): void {
    if (allowsHaptic(loadHapticPreferences(), 'selections')) feel({ kind: 'selection' }, impactMs.light);
  },
  vibrate(durationMs: number = hapticLimits.vibrateDefaultMs, category: HapticCategory = 'buttons'): void {
    if (allowsHaptic(loadHapticPreferences(), category)) feel({ kind: 'vibrate', durationMs }, durationMs);
  },
};
