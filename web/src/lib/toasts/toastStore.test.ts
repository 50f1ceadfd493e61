import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createToastStore,
  defaultToastDuration,
  resolveToastDuration,
  toastTypeForSeverity,
} from './toastStore.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const messages = (store: ReturnType<typeof createToastStore>) =>
  store.getSnapshot().map((toast) => toast.message);

describe('toast durations (SPEC §9)', () => {
  it('defaults to 5 s, warning 7 s, error persistent', () => {
    expect(defaultToastDuration('info')).toBe(5000);
    expect(defaultToastDuration('success')).toBe(5000);
    expect(defaultToastDuration('warning')).toBe(7000);
    expect(defaultToastDuration('error')).toBeNull();
  });

  it('dismisses an info toast after exactly 5 s', () => {
    const store = createToastStore();
    store.show({ type: 'info', message: 'Saved' });
    vi.advanceTimersByTime(4999);
    expect(messages(store)).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(messages(store)).toEqual([]);
  });

  it('dismisses a warning after exactly 7 s', () => {
    const store = createToastStore();
    store.show({ type: 'warning', message: 'Careful' });
    vi.advanceTimersByTime(6999);
    expect(messages(store)).toEqual(['Careful']);
    vi.advanceTimersByTime(1);
    expect(messages(store)).toEqual([]);
  });

  it('keeps an error until it is dismissed', () => {
    const store = createToastStore();
    const id = store.show({ type: 'error', message: 'Broken' });
    vi.advanceTimersByTime(60 * 60_000);
    expect(messages(store)).toEqual(['Broken']);
    store.dismiss(id);
    expect(messages(store)).toEqual([]);
  });

  it('honours an explicit duration, and null as persistent', () => {
    const store = createToastStore();
    store.show({ type: 'success', message: 'Back', duration: 3000 });
    store.show({ type: 'info', message: 'Stay', duration: null });
    vi.advanceTimersByTime(3000);
    expect(messages(store)).toEqual(['Stay']);
  });

  it('never auto-dismisses a critical toast, whatever its duration', () => {
    const store = createToastStore();
    store.show({ severity: 'critical', message: 'Critical', duration: 1000 });
    expect(resolveToastDuration({ severity: 'critical', duration: 1000 })).toBeNull();
    vi.advanceTimersByTime(60 * 60_000);
    expect(messages(store)).toEqual(['Critical']);
  });
});

describe('severity to toast type (SPEC §8)', () => {
  it.each([
    ['low', 'info'],
    ['medium', 'warning'],
    ['high', 'error'],
    ['critical', 'error'],
  ] as const)('%s is %s', (severity, type) => {
    expect(toastTypeForSeverity(severity)).toBe(type);
    const store = createToastStore();
    store.show({ severity, message: 'x' });
    expect(store.getSnapshot()[0]?.type).toBe(type);
  });
});

describe('at most 5 shown (SPEC §9)', () => {
  it('keeps the 5 newest', () => {
    const store = createToastStore();
    for (let i = 1; i <= 7; i += 1) store.show({ message: `m${i}` });
    expect(messages(store)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
  });

  it('makes room by dropping the oldest toast that is not critical', () => {
    const store = createToastStore();
    store.show({ severity: 'critical', message: 'critical' });
    for (let i = 1; i <= 5; i += 1) store.show({ message: `m${i}` });
    expect(messages(store)).toEqual(['critical', 'm2', 'm3', 'm4', 'm5']);
  });

  it('replaces a toast shown again with the same id', () => {
    const store = createToastStore();
    store.show({ id: 'net', message: 'Offline', duration: null });
    store.show({ id: 'net', message: 'Back online', duration: 3000 });
    expect(messages(store)).toEqual(['Back online']);
    vi.advanceTimersByTime(3000);
    expect(messages(store)).toEqual([]);
  });
});

describe('dismissal (SPEC §4)', () => {
  it('by close button', () => {
    const store = createToastStore();
    const id = store.show({ message: 'a', dismissible: false });
    store.dismiss(id);
    expect(messages(store)).toEqual([]);
  });

  it('by click only when dismissible (the default)', () => {
    const store = createToastStore();
    const dismissible = store.show({ message: 'a' });
    const sticky = store.show({ message: 'b', dismissible: false });
    store.click(sticky);
    store.click(dismissible);
    expect(messages(store)).toEqual(['b']);
  });

  it('after its action runs', () => {
    const store = createToastStore();
    const handler = vi.fn();
    const id = store.show({ message: 'a', action: { label: 'Retry', handler } });
    store.runAction(id);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(messages(store)).toEqual([]);
  });

  it('not after its action when dismissOnAction is false', () => {
    const store = createToastStore();
    const handler = vi.fn();
    const id = store.show({ message: 'a', action: { label: 'Retry', handler, dismissOnAction: false } });
    store.runAction(id);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(messages(store)).toEqual(['a']);
  });

  it('all at once, cancelling their timers', () => {
    const store = createToastStore();
    store.show({ message: 'a' });
    store.show({ type: 'error', message: 'b' });
    store.dismissAll();
    expect(messages(store)).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(messages(store)).toEqual([]);
  });

  it('notifies subscribers and records createdAt', () => {
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show({ message: 'a', title: 'T' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()[0]).toMatchObject({
      title: 'T',
      message: 'a',
      type: 'info',
      dismissible: true,
      duration: 5000,
      createdAt: Date.parse('2030-01-01T00:00:00Z'),
    });
    unsubscribe();
    store.dismissAll();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
