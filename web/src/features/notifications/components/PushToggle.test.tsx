import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/native/platform.ts', () => ({ isNativePlatform: () => true }));
/** The shell's push, as lib/native shows it: the Capacitor plugin stays behind that line. */
const device = vi.hoisted(() => ({
  permission: 'prompt' as 'granted' | 'denied' | 'prompt',
  /** What the member answers when asked. */
  answer: true,
}));
vi.mock('../../../lib/native/pushNotifications.ts', () => ({
  nativePushPermission: vi.fn(async () => device.permission),
  requestNativePushPermission: vi.fn(async () => {
    device.permission = device.answer ? 'granted' : 'denied';
    return device.answer;
  }),
  registerNativePush: vi.fn(async () => ({ service: 'apns', token: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' })),
  unregisterNativePush: vi.fn(async () => {}),
  watchNativePushTaps: vi.fn(async () => () => {}),
}));

const { PushToggle } = await import('./PushToggle.tsx');
const posted: Array<{ method: string; body: unknown }> = [];

beforeEach(() => {
  localStorage.clear();
  posted.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      posted.push({ method: init?.method ?? 'GET', body: JSON.parse(String(init?.body)) });
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  device.permission = 'prompt';
  device.answer = true;
});

describe('the push toggle in the native shells', () => {
  it('"Turn on push notifications" asks, registers and sends the token; turning off removes it', async () => {
    const user = userEvent.setup();
    render(<PushToggle userId="member-1" />);
    await user.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Push notifications are on.');
    expect(posted).toEqual([
      { method: 'POST', body: { type: 'apns', token: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' } },
    ]);

    await user.click(screen.getByRole('button', { name: 'Turn off push notifications' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Push notifications are off on this device.');
    expect(posted.at(-1)).toEqual({
      method: 'DELETE',
      body: { endpoint: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' },
    });
  });

  it('says where to allow push when the member refuses, and when it was refused before', async () => {
    const user = userEvent.setup();
    device.answer = false;
    const { unmount } = render(<PushToggle userId="member-1" />);
    await user.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(
      await screen.findByText(/blocked for Uplift. Allow them in your phone's settings/),
    ).toBeInTheDocument();
    expect(posted).toEqual([]);
    unmount();

    render(<PushToggle userId="member-1" />);
    expect(await screen.findByText(/blocked for Uplift/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
