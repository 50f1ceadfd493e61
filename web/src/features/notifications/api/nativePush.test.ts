import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../auth/index.ts';
import { resetAuthForTest, signInForTest } from '../../auth/testing.ts';

/** The device, as lib/native/pushNotifications.ts shows it: the Capacitor plugin stays behind that line. */
const device = vi.hoisted(() => {
  const state = {
    allowed: true,
    token: 'fcm-device-token-0001',
    tap: null as ((tap: { notificationId: string | null; link: string | null }) => void) | null,
  };
  return {
    state,
    requestNativePushPermission: vi.fn(async () => state.allowed),
    nativePushPermission: vi.fn(async () => (state.allowed ? 'granted' : 'denied')),
    registerNativePush: vi.fn(async () => ({ service: 'fcm' as const, token: state.token })),
    unregisterNativePush: vi.fn(async () => {}),
    watchNativePushTaps: vi.fn(async (listener: typeof state.tap) => {
      state.tap = listener;
      return () => {
        state.tap = null;
      };
    }),
  };
});
vi.mock('../../../lib/native/pushNotifications.ts', () => device);

const { NativePushBlockedError, listenForNativePush, nativePushIsOn, turnOffNativePush, turnOnNativePush } =
  await import('./nativePush.ts');

interface Call {
  method: string;
  path: string;
  body: unknown;
}
let calls: Call[];
let stops: Array<() => void>;

beforeEach(() => {
  calls = [];
  stops = [];
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (pathname.endsWith('/read'))
        return new Response(JSON.stringify({ unreadCount: 0 }), {
          headers: { 'content-type': 'application/json' },
        });
      if (pathname === '/api/auth/logout')
        return new Response(JSON.stringify({ success: true }), {
          headers: { 'content-type': 'application/json' },
        });
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  stops.forEach((stop) => stop());
  resetAuthForTest();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  device.state.allowed = true;
  device.state.token = 'fcm-device-token-0001';
});

async function listen() {
  const navigate = vi.fn();
  stops.push(await listenForNativePush(navigate));
  return navigate;
}

describe('native push in the shells', () => {
  it('turning on asks permission, registers, and gives the server the device token', async () => {
    const user = signInForTest('member-tier-1');
    await turnOnNativePush(user.id);
    expect(device.requestNativePushPermission).toHaveBeenCalled();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/notifications/push/subscriptions',
        body: { type: 'fcm', token: 'fcm-device-token-0001' },
      },
    ]);
    expect(nativePushIsOn(user.id)).toBe(true);
    // Another member signing in on this phone does not find push on for them.
    expect(nativePushIsOn('someone-else')).toBe(false);
  });

  it('refused permission registers nothing and sends nothing', async () => {
    const user = signInForTest('member-tier-1');
    device.state.allowed = false;
    await expect(turnOnNativePush(user.id)).rejects.toBeInstanceOf(NativePushBlockedError);
    expect(device.registerNativePush).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
    expect(nativePushIsOn(user.id)).toBe(false);
  });

  it('turning off makes the server forget the token, then ends the registration', async () => {
    const user = signInForTest('member-tier-1');
    await turnOnNativePush(user.id);
    await turnOffNativePush();
    expect(calls.at(-1)).toEqual({
      method: 'DELETE',
      path: '/api/notifications/push/subscriptions',
      body: { endpoint: 'fcm-device-token-0001' },
    });
    expect(device.unregisterNativePush).toHaveBeenCalled();
    expect(nativePushIsOn(user.id)).toBe(false);
  });

  it('signing out removes the token while the session still allows it', async () => {
    const user = signInForTest('member-tier-1');
    await turnOnNativePush(user.id);
    await listen();
    await logout();
    expect(calls.map(({ method, path }) => `${method} ${path}`).slice(-2)).toEqual([
      'DELETE /api/notifications/push/subscriptions',
      'POST /api/auth/logout',
    ]);
    expect(nativePushIsOn(user.id)).toBe(false);
  });

  it('a tapped notification is marked read, then its deep link opens', async () => {
    signInForTest('member-tier-1');
    const navigate = await listen();
    device.state.tap?.({ notificationId: 'b7c1a3f0-0000-4000-8000-000000000001', link: '/partners' });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/partners'));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/notifications/b7c1a3f0-0000-4000-8000-000000000001/read',
        body: undefined,
      },
    ]);
  });

  it('a link that leaves the app, or none, opens the notification centre instead', async () => {
    signInForTest('member-tier-1');
    const navigate = await listen();
    device.state.tap?.({ notificationId: null, link: '//evil.example/phish' });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/notifications'));
    device.state.tap?.({ notificationId: null, link: null });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(2));
    expect(navigate).toHaveBeenLastCalledWith('/notifications');
    expect(calls).toEqual([]);
  });

  it('a failed mark-read still opens the notification', async () => {
    signInForTest('member-tier-1');
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const navigate = await listen();
    device.state.tap?.({ notificationId: 'b7c1a3f0-0000-4000-8000-000000000002', link: '/community' });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/community'));
  });

  it('on start, gives the server a token FCM replaced, for the member who turned push on', async () => {
    const user = signInForTest('member-tier-1');
    await turnOnNativePush(user.id);
    device.state.token = 'fcm-device-token-0002';
    await listen();
    await vi.waitFor(() =>
      expect(calls.at(-1)).toEqual({
        method: 'POST',
        path: '/api/notifications/push/subscriptions',
        body: { type: 'fcm', token: 'fcm-device-token-0002' },
      }),
    );
  });
});
