import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnceForNewVersion, reloadWindowMs } from './chunkRecovery.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('chunk-load recovery', () => {
  it("recognises the browsers' messages for route code that failed to download", () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/Skills-1.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once per address, and not again while that reload is recent', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 1_000_000;
    const attempt = (address: string) =>
      reloadOnceForNewVersion(address, { storage, reload, now: () => now });

    expect(attempt('/skills')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // The new version failed too: a real outage, not a deployment. No loop.
    expect(attempt('/skills')).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // Another address is another deployment's worth of code.
    expect(attempt('/community')).toBe(true);
    now += reloadWindowMs;
    expect(attempt('/community')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
