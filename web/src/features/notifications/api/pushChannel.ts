import { isNativePlatform } from '../../../lib/native/platform.ts';
import { nativePushPermission } from '../../../lib/native/pushNotifications.ts';
import { NativePushBlockedError, nativePushIsOn, turnOffNativePush, turnOnNativePush } from './nativePush.ts';
import { currentPushSubscription, subscribeToPush, unsubscribeFromPush, webPushSupported } from './push.ts';

export type PushState = 'on' | 'off' | 'blocked';

/** How this device gets pushes: web push in a browser, FCM or APNs in the native shells. */
export interface PushChannel {
  state(): Promise<PushState>;
  turnOn(): Promise<void>;
  turnOff(): Promise<void>;
  /** After a failed turn-on or turn-off: whether the member has blocked push, or it simply failed. */
  stateAfterFailure(wasOn: boolean, error: unknown): PushState;
  blockedMessage: string;
}

const webChannel: PushChannel = {
  async state() {
    if (Notification.permission === 'denied') return 'blocked';
    return (await currentPushSubscription()) ? 'on' : 'off';
  },
  turnOn: subscribeToPush,
  async turnOff() {
    const subscription = await currentPushSubscription();
    if (subscription) await unsubscribeFromPush(subscription);
  },
  stateAfterFailure: (wasOn) => (Notification.permission === 'denied' ? 'blocked' : wasOn ? 'on' : 'off'),
  blockedMessage:
    "Push notifications are blocked for this site. Allow them in your browser's site settings to get them here.",
};

function nativeChannel(userId: string): PushChannel {
  return {
    async state() {
      if (nativePushIsOn(userId)) return 'on';
      return (await nativePushPermission()) === 'denied' ? 'blocked' : 'off';
    },
    turnOn: () => turnOnNativePush(userId),
    turnOff: turnOffNativePush,
    stateAfterFailure: (wasOn, error) =>
      error instanceof NativePushBlockedError ? 'blocked' : wasOn ? 'on' : 'off',
    blockedMessage:
      "Push notifications are blocked for Uplift. Allow them in your phone's settings to get them here.",
  };
}

/** The channel for this device and member, or null where push cannot work (a dev build, an old browser). */
export function pushChannelFor(userId: string): PushChannel | null {
  if (isNativePlatform()) return nativeChannel(userId);
  return webPushSupported() ? webChannel : null;
}
