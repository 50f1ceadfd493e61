import { afterEach, describe, expect, it, vi } from 'vitest';
import { haptics } from '../native/haptics.ts';
import {
  allowsHaptic,
  defaultHapticPreferences,
  loadHapticPreferences,
  parseHapticPreferences,
  saveHapticPreferences,
} from './preferences.ts';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('haptic preferences (SPEC §3)', () => {
  it('default to enabled, buttons, navigation, notifications on; selections and logo off', () => {
    expect(defaultHapticPreferences).toEqual({
      enabled: true,
      buttons: true,
      navigation: true,
      notifications: true,
      selections: false,
      logo: false,
    });
    expect(loadHapticPreferences()).toEqual(defaultHapticPreferences);
  });

  it('allow a kind only when both the master switch and the kind are on', () => {
    expect(allowsHaptic(defaultHapticPreferences, 'navigation')).toBe(true);
    expect(allowsHaptic(defaultHapticPreferences, 'selections')).toBe(false);
    expect(allowsHaptic({ ...defaultHapticPreferences, enabled: false }, 'navigation')).toBe(false);
  });

  it('fill missing or broken stored fields with the defaults', () => {
    expect(parseHapticPreferences('{"logo":true,"buttons":"no"}')).toEqual({
      ...defaultHapticPreferences,
      logo: true,
    });
    expect(parseHapticPreferences('not json')).toEqual(defaultHapticPreferences);
    expect(parseHapticPreferences('null')).toEqual(defaultHapticPreferences);
  });

  it('round-trip through storage', () => {
    saveHapticPreferences({ ...defaultHapticPreferences, navigation: false });
    expect(loadHapticPreferences().navigation).toBe(false);
  });
});

describe('haptics on the web', () => {
  it('is a no-op where vibration is unavailable', () => {
    vi.stubGlobal('navigator', {});
    expect(() => haptics.impact('light', 'navigation')).not.toThrow();
    expect(() => haptics.vibrate()).not.toThrow();
  });

  it('vibrates 300 ms by default, honouring the preferences', () => {
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', { vibrate });
    haptics.vibrate();
    expect(vibrate).toHaveBeenLastCalledWith(300);
    haptics.selection();
    expect(vibrate).toHaveBeenCalledTimes(1);
    saveHapticPreferences({ ...defaultHapticPreferences, enabled: false });
    haptics.impact('heavy', 'navigation');
    haptics.notification('error');
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it('swallows vibration failures', () => {
    vi.stubGlobal('navigator', {
      vibrate: () => {
        throw new Error('denied');
      },
    });
    expect(() => haptics.notification('success')).not.toThrow();
  });
});
