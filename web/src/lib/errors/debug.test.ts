import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminDebugStorageKey, debugLog, initDebug, isDebugEnabled, resolveDebugMode } from './debug.ts';

afterEach(() => {
  localStorage.clear();
  initDebug({ configured: undefined, search: '' });
  vi.restoreAllMocks();
});

describe('debug logging (SPEC §9)', () => {
  it('is off unless configured or asked for', () => {
    expect(resolveDebugMode({})).toBe('off');
    expect(resolveDebugMode({ configured: 'true' })).toBe('on');
    expect(resolveDebugMode({ query: 'true' })).toBe('on');
    expect(resolveDebugMode({ query: 'admin' })).toBe('admin');
    expect(resolveDebugMode({ adminFlag: true })).toBe('admin');
    expect(resolveDebugMode({ query: 'false', adminFlag: true })).toBe('off');
  });

  it('keeps ?debug=admin in local storage until ?debug=false', () => {
    expect(initDebug({ search: '?debug=admin' })).toBe('admin');
    expect(localStorage.getItem(adminDebugStorageKey)).toBe('true');
    expect(initDebug({ search: '' })).toBe('admin');
    expect(initDebug({ search: '?debug=false' })).toBe('off');
    expect(localStorage.getItem(adminDebugStorageKey)).toBeNull();
  });

  it('?debug=true lasts for the visit only', () => {
    expect(initDebug({ search: '?debug=true' })).toBe('on');
    expect(localStorage.getItem(adminDebugStorageKey)).toBeNull();
    expect(initDebug({ search: '' })).toBe('off');
  });

  it('logs only when on', () => {
    const log = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    initDebug({ search: '' });
    debugLog('queue', 'quiet');
    expect(log).not.toHaveBeenCalled();
    initDebug({ search: '?debug=true' });
    expect(isDebugEnabled()).toBe(true);
    debugLog('queue', 'loud');
    expect(log).toHaveBeenCalledWith('[uplift:queue]', 'loud');
  });
});
