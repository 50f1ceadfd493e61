import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const native = vi.hoisted(() => ({ isNative: false }));
vi.mock('./platform.ts', () => ({ isNativePlatform: () => native.isNative }));
const plugin = vi.hoisted(() => ({
  impact: vi.fn(async () => {}),
  notification: vi.fn(async () => {}),
  selectionChanged: vi.fn(async () => {}),
  vibrate: vi.fn(async () => {}),
}));
vi.mock('@capacitor/haptics', () => ({
  Haptics: plugin,
  ImpactStyle: { Light: 'LIGHT', Medium: 'MEDIUM', Heavy: 'HEAVY' },
  NotificationType: { Success: 'SUCCESS', Warning: 'WARNING', Error: 'ERROR' },
}));

const { haptics } = await import('./haptics.ts');

describe('haptics in the native shells', () => {
  beforeEach(() => {
    native.isNative = true;
    localStorage.clear();
  });
  afterEach(() => {
    native.isNative = false;
    vi.clearAllMocks();
  });

  it('routes impact, notification and vibrate (300 ms default) to Capacitor Haptics', async () => {
    const vibrate = vi.fn();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    haptics.impact('heavy');
    haptics.notification('warning');
    haptics.vibrate();
    await vi.waitFor(() => expect(plugin.vibrate).toHaveBeenCalledWith({ duration: 300 }));
    expect(plugin.impact).toHaveBeenCalledWith({ style: 'HEAVY' });
    expect(plugin.notification).toHaveBeenCalledWith({ type: 'WARNING' });
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('honours the preferences: selections are off by default', async () => {
    haptics.selection();
    haptics.impact('light', 'navigation');
    await vi.waitFor(() => expect(plugin.impact).toHaveBeenCalledTimes(1));
    expect(plugin.selectionChanged).not.toHaveBeenCalled();
  });

  it('swallows plugin failures (SPEC §8)', async () => {
    plugin.impact.mockRejectedValueOnce(new Error('no haptics engine'));
    expect(() => haptics.impact('medium')).not.toThrow();
    await vi.waitFor(() => expect(plugin.impact).toHaveBeenCalled());
  });
});
