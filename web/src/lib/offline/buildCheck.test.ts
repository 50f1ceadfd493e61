import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildCheckIntervalMs,
  isNewBuild,
  parseBuildManifest,
  startBuildCheck,
  updateAvailableToast,
  type BuildManifest,
} from './buildCheck.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('build id and update check (SPEC §7)', () => {
  it('reads the manifest and tells a new build from the running one', () => {
    expect(parseBuildManifest({ buildId: 'b2', builtAt: 'today' })).toEqual({
      buildId: 'b2',
      builtAt: 'today',
    });
    expect(parseBuildManifest({ buildId: '' })).toBeNull();
    expect(parseBuildManifest('nope')).toBeNull();
    expect(isNewBuild('b1', { buildId: 'b2' })).toBe(true);
    expect(isNewBuild('b1', { buildId: 'b1' })).toBe(false);
    expect(isNewBuild('dev', { buildId: 'b2' })).toBe(false);
    expect(isNewBuild('b1', null)).toBe(false);
  });

  it('checks at start, every 5 minutes and when the page is shown again; announces each new build once', async () => {
    let published: BuildManifest | null = { buildId: 'b1' };
    const fetchManifest = vi.fn(async () => published);
    const onNewBuild = vi.fn();
    const stop = startBuildCheck({ running: 'b1', fetchManifest, onNewBuild }, window);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchManifest).toHaveBeenCalledTimes(1);
    published = { buildId: 'b2' };
    await vi.advanceTimersByTimeAsync(buildCheckIntervalMs);
    expect(fetchManifest).toHaveBeenCalledTimes(2);
    expect(onNewBuild).toHaveBeenCalledWith({ buildId: 'b2' });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchManifest).toHaveBeenCalledTimes(3);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(buildCheckIntervalMs * 3);
    expect(fetchManifest).toHaveBeenCalledTimes(3);
  });

  it('survives a manifest that cannot be read (offline)', async () => {
    const stop = startBuildCheck(
      {
        running: 'b1',
        fetchManifest: () => Promise.reject(new TypeError('Failed to fetch')),
        onNewBuild: vi.fn(),
      },
      window,
    );
    await vi.advanceTimersByTimeAsync(0);
    stop();
  });

  it('offers a persistent Reload', () => {
    const reload = vi.fn();
    const toast = updateAvailableToast(reload);
    expect(toast).toMatchObject({ title: 'Update Available', duration: null, action: { label: 'Reload' } });
    toast.action?.handler();
    expect(reload).toHaveBeenCalled();
  });
});
