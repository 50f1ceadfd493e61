import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingOperationsStore, isAnyLoading, overallProgress } from './operationsStore.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('loading operations (SPEC §4)', () => {
  it('goes started, progress, complete, and is removed 0.5 s after completing', () => {
    const store = createLoadingOperationsStore();
    store.start('upload', 'Uploading');
    expect(store.getSnapshot()).toEqual([
      { id: 'upload', label: 'Uploading', status: 'started', progress: 0 },
    ]);
    expect(isAnyLoading(store.getSnapshot())).toBe(true);
    store.progress('upload', 40);
    expect(store.getSnapshot()[0]).toMatchObject({ status: 'progress', progress: 40 });
    store.complete('upload');
    expect(store.getSnapshot()[0]).toMatchObject({ status: 'complete', progress: 100 });
    expect(isAnyLoading(store.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(499);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('clamps progress to 0-100', () => {
    const store = createLoadingOperationsStore();
    store.start('a');
    store.progress('a', 150);
    expect(store.getSnapshot()[0]?.progress).toBe(100);
    store.progress('a', -3);
    expect(store.getSnapshot()[0]?.progress).toBe(0);
  });

  it('labels an operation "Loading..." by default', () => {
    const store = createLoadingOperationsStore();
    store.start('a');
    expect(store.getSnapshot()[0]?.label).toBe('Loading...');
  });

  it('keeps a failed operation, with its error, and stops counting it as loading', () => {
    const store = createLoadingOperationsStore();
    store.start('a');
    store.fail('a', 'Network down');
    vi.advanceTimersByTime(10_000);
    expect(store.getSnapshot()).toEqual([
      { id: 'a', label: 'Loading...', status: 'error', progress: 0, error: 'Network down' },
    ]);
    expect(isAnyLoading(store.getSnapshot())).toBe(false);
    store.progress('a', 50);
    expect(store.getSnapshot()[0]?.status).toBe('error');
    store.remove('a');
    expect(store.getSnapshot()).toEqual([]);
  });

  it('a restart within the 0.5 s keeps the operation', () => {
    const store = createLoadingOperationsStore();
    store.start('a');
    store.complete('a');
    vi.advanceTimersByTime(300);
    store.start('a');
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot()[0]?.status).toBe('started');
  });

  it('ignores unknown ids and averages running progress', () => {
    const store = createLoadingOperationsStore();
    store.progress('nope', 10);
    store.complete('nope');
    expect(store.getSnapshot()).toEqual([]);
    store.start('a');
    store.start('b');
    store.progress('a', 20);
    store.progress('b', 60);
    expect(overallProgress(store.getSnapshot())).toBe(40);
    expect(overallProgress([])).toBe(100);
  });

  it('notifies subscribers until they unsubscribe', () => {
    const store = createLoadingOperationsStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.start('a');
    unsubscribe();
    store.complete('a');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
