import { afterEach, describe, expect, it, vi } from 'vitest';

const platform = vi.hoisted(() => ({ name: 'android' }));
// What the shells' native bridge sets before the app runs (lib/native/platform.ts).
vi.stubGlobal('Capacitor', {
  isNativePlatform: () => platform.name !== 'web',
  getPlatform: () => platform.name,
});

type Listener = (event: unknown) => void;
const plugin = vi.hoisted(() => {
  const listeners = new Map<string, Listener>();
  return {
    listeners,
    /** What the OS says when asked; `requestPermissions` answers with `answer`. */
    permission: 'prompt' as string,
    answer: 'granted' as string,
    /** What `register()` makes the plugin emit, as the native side does. */
    registers: { event: 'registration', data: { value: 'fcm-device-token-1234' } as unknown },
    checkPermissions: vi.fn(async () => ({ receive: plugin.permission })),
    requestPermissions: vi.fn(async () => ({ receive: plugin.answer })),
    register: vi.fn(async () => {
      listeners.get(plugin.registers.event)?.(plugin.registers.data);
    }),
    unregister: vi.fn(async () => {}),
    addListener: vi.fn(async (event: string, listener: Listener) => {
      listeners.set(event, listener);
      return { remove: vi.fn(async () => void listeners.delete(event)) };
    }),
  };
});
vi.mock('@capacitor/push-notifications', () => ({ PushNotifications: plugin }));

const { nativePushPermission, registerNativePush, requestNativePushPermission, watchNativePushTaps } =
  await import('./pushNotifications.ts');

afterEach(() => {
  platform.name = 'android';
  plugin.permission = 'prompt';
  plugin.answer = 'granted';
  plugin.registers = { event: 'registration', data: { value: 'fcm-device-token-1234' } };
  plugin.listeners.clear();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('native push through Capacitor Push Notifications (SPEC §7)', () => {
  it('asks for permission only while undecided, and says whether push is allowed', async () => {
    expect(await requestNativePushPermission()).toBe(true);
    expect(plugin.requestPermissions).toHaveBeenCalledTimes(1);

    plugin.permission = 'denied';
    expect(await requestNativePushPermission()).toBe(false);
    expect(plugin.requestPermissions).toHaveBeenCalledTimes(1);
    expect(await nativePushPermission()).toBe('denied');

    plugin.permission = 'prompt-with-rationale';
    plugin.answer = 'denied';
    expect(await requestNativePushPermission()).toBe(false);
    expect(await nativePushPermission()).toBe('prompt');
  });

  it('registers and resolves the token with its service: FCM on Android, APNs on iOS', async () => {
    expect(await registerNativePush()).toEqual({ service: 'fcm', token: 'fcm-device-token-1234' });
    platform.name = 'ios';
    plugin.registers = { event: 'registration', data: { value: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' } };
    expect(await registerNativePush()).toEqual({
      service: 'apns',
      token: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    });
    // Its listeners are gone once the token is in: a later registration is not answered twice.
    expect(plugin.listeners.size).toBe(0);
  });

  it('logs and rethrows a failed registration (SPEC §8)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    plugin.registers = { event: 'registrationError', data: { error: 'MISSING_INSTANCEID_SERVICE' } };
    await expect(registerNativePush()).rejects.toThrow('MISSING_INSTANCEID_SERVICE');
    expect(logged).toHaveBeenCalledWith('Push notifications: registration failed', expect.any(Error));
    expect(plugin.listeners.size).toBe(0);
  });

  it('reports a tapped notification with its id and link, and nothing made up when they are missing', async () => {
    const taps: unknown[] = [];
    const stop = await watchNativePushTaps((tap) => taps.push(tap));
    const tap = plugin.listeners.get('pushNotificationActionPerformed');
    tap?.({ actionId: 'tap', notification: { id: '1', data: { notificationId: 'n-1', link: '/partners' } } });
    // FCM data values are strings: a notification without a link arrives with an empty one.
    tap?.({ actionId: 'tap', notification: { id: '2', data: { notificationId: 'n-2', link: '' } } });
    tap?.({ actionId: 'tap', notification: { id: '3' } });
    expect(taps).toEqual([
      { notificationId: 'n-1', link: '/partners' },
      { notificationId: 'n-2', link: null },
      { notificationId: null, link: null },
    ]);
    stop();
    await vi.waitFor(() => expect(plugin.listeners.has('pushNotificationActionPerformed')).toBe(false));
  });
});
