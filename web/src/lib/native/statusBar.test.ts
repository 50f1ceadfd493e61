import { afterEach, describe, expect, it, vi } from 'vitest';

const platform = vi.hoisted(() => ({ name: 'web' }));
// What the shells' native bridge sets before the app runs (lib/native/platform.ts).
vi.stubGlobal('Capacitor', {
  isNativePlatform: () => platform.name !== 'web',
  getPlatform: () => platform.name,
});
const plugin = vi.hoisted(() => ({
  setStyle: vi.fn(async () => {}),
  setBackgroundColor: vi.fn(async () => {}),
  setOverlaysWebView: vi.fn(async () => {}),
}));
vi.mock('@capacitor/status-bar', () => ({ StatusBar: plugin, Style: { Dark: 'DARK', Light: 'LIGHT' } }));

const { styleNativeStatusBar } = await import('./statusBar.ts');

describe('the native status bar (SPEC §7)', () => {
  afterEach(() => {
    platform.name = 'web';
    vi.clearAllMocks();
  });

  it('on Android: dark style, background #1C1C1C, overlaying the web view', async () => {
    platform.name = 'android';
    await styleNativeStatusBar();
    expect(plugin.setStyle).toHaveBeenCalledWith({ style: 'DARK' });
    expect(plugin.setBackgroundColor).toHaveBeenCalledWith({ color: '#1C1C1C' });
    expect(plugin.setOverlaysWebView).toHaveBeenCalledWith({ overlay: true });
  });

  it('on iOS: dark style and background, no overlay setting', async () => {
    platform.name = 'ios';
    await styleNativeStatusBar();
    expect(plugin.setStyle).toHaveBeenCalledWith({ style: 'DARK' });
    expect(plugin.setBackgroundColor).toHaveBeenCalledWith({ color: '#1C1C1C' });
    expect(plugin.setOverlaysWebView).not.toHaveBeenCalled();
  });

  it('does nothing on the web', async () => {
    await styleNativeStatusBar();
    expect(plugin.setStyle).not.toHaveBeenCalled();
  });

  it('swallows a refused setting and still applies the others (SPEC §8)', async () => {
    platform.name = 'android';
    plugin.setBackgroundColor.mockRejectedValueOnce(new Error('Not available on Android 15+'));
    await expect(styleNativeStatusBar()).resolves.toBeUndefined();
    expect(plugin.setStyle).toHaveBeenCalled();
    expect(plugin.setOverlaysWebView).toHaveBeenCalledWith({ overlay: true });
  });
});
