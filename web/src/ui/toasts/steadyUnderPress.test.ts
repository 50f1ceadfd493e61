import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSteadyUnderPress, tapLandingMs } from './steadyUnderPress.ts';

function pointer(type: 'pointerdown' | 'pointerup' | 'pointercancel', pointerId = 1, isPrimary = true) {
  const event = new MouseEvent(type, { bubbles: true });
  Object.assign(event, { pointerId, isPrimary });
  document.body.dispatchEvent(event);
}

const click = () => document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));

describe('steadyUnderPress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('moves the screen at once when no finger is on it', () => {
    const steady = createSteadyUnderPress(window);
    const moves: string[] = [];
    steady.apply('toasts', () => moves.push('now'));
    expect(moves).toEqual(['now']);
  });

  it('holds a move while a finger is down, keeps only the latest, and moves once the tap has landed', () => {
    const steady = createSteadyUnderPress(window);
    const moves: string[] = [];
    steady.apply('toasts', () => moves.push('before'));
    pointer('pointerdown');
    steady.apply('toasts', () => moves.push('toast left'));
    steady.apply('toasts', () => moves.push('stack empty'));
    steady.apply('indicator', () => moves.push('indicator'));
    vi.advanceTimersByTime(10_000);
    expect(moves).toEqual(['before']);

    // The finger lifts; a touch's tap arrives after that, so the page waits for it.
    pointer('pointerup');
    expect(moves).toEqual(['before']);
    click();
    expect(moves).toEqual(['before']);
    vi.advanceTimersByTime(0);
    expect(moves).toEqual(['before', 'stack empty', 'indicator']);
  });

  it(`moves ${tapLandingMs} ms after the finger lifts when no tap follows, and at once after a scroll`, () => {
    const steady = createSteadyUnderPress(window);
    const moves: string[] = [];
    pointer('pointerdown');
    steady.apply('toasts', () => moves.push('long press'));
    pointer('pointerup');
    vi.advanceTimersByTime(tapLandingMs - 1);
    expect(moves).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(moves).toEqual(['long press']);

    pointer('pointerdown');
    steady.apply('toasts', () => moves.push('scrolled'));
    pointer('pointercancel');
    vi.advanceTimersByTime(0);
    expect(moves).toEqual(['long press', 'scrolled']);
  });

  it('waits for every finger, and a new first finger clears one whose lift was lost', () => {
    const steady = createSteadyUnderPress(window);
    const moves: string[] = [];
    pointer('pointerdown', 1);
    pointer('pointerdown', 2, false);
    steady.apply('toasts', () => moves.push('two fingers'));
    pointer('pointerup', 2);
    vi.advanceTimersByTime(tapLandingMs);
    expect(moves).toEqual([]);

    // Pointer 1's "up" never came (the window lost it); the next press starts afresh.
    pointer('pointerdown', 3);
    pointer('pointerup', 3);
    vi.advanceTimersByTime(tapLandingMs);
    expect(moves).toEqual(['two fingers']);
  });
});
