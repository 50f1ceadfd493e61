import { themeBootScript } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentTheme,
  followSystemTheme,
  setThemePreference,
  subscribeTheme,
  themePreference,
} from './theme.ts';

/** A device whose setting can be switched, as a phone does at sunset. */
function deviceSetting(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    switchTo(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

const isDark = () => document.documentElement.classList.contains('dark');

describe('the theme', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    setThemePreference('system');
    document.documentElement.classList.remove('dark');
    vi.unstubAllGlobals();
  });

  it('follows the device while no choice is made, and when the device changes', () => {
    const device = deviceSetting(true);
    followSystemTheme();
    expect(themePreference()).toBe('system');
    expect(isDark()).toBe(true);
    device.switchTo(false);
    expect(isDark()).toBe(false);
  });

  it('a choice wins over the device, is kept on this device, and tells its listeners', () => {
    deviceSetting(true);
    const listener = vi.fn();
    const unsubscribe = subscribeTheme(listener);
    setThemePreference('light');
    expect(isDark()).toBe(false);
    expect(currentTheme()).toBe('light');
    expect(localStorage.getItem('uplift.theme')).toBe('light');
    expect(listener).toHaveBeenCalled();
    setThemePreference('system');
    expect(isDark()).toBe(true);
    expect(localStorage.getItem('uplift.theme')).toBeNull();
    unsubscribe();
  });

  it('the boot script in the page head draws the same theme before the app loads', () => {
    deviceSetting(false);
    localStorage.setItem('uplift.theme', 'dark');
    new Function(themeBootScript)();
    expect(isDark()).toBe(true);
    localStorage.setItem('uplift.theme', 'system');
    new Function(themeBootScript)();
    expect(isDark()).toBe(false);
  });
});
