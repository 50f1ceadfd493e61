import { describe, expect, it } from 'vitest';
import {
  initialScrollVisibility,
  isNavHiddenOnRoute,
  isNavVisible,
  nextScrollVisibility,
  type InputKind,
  type ScrollVisibilityState,
} from './visibility.ts';

function scrollThrough(positions: number[], input: InputKind, from = initialScrollVisibility()) {
  return positions.reduce<ScrollVisibilityState>((state, y) => nextScrollVisibility(state, y, input), from);
}

describe('nav hidden on /chat (SPEC §2)', () => {
  it.each([
    ['/chat', true],
    ['/chat/thread', true],
    ['/', false],
    ['/mobile-chat-demo', false],
    ['/chatter', false],
    ['/community', false],
  ])('%s hidden: %s', (path, hidden) => {
    expect(isNavHiddenOnRoute(path)).toBe(hidden);
  });
});

describe('hide on downward scroll (SPEC §9 touch vs mouse)', () => {
  it('touch: hides once 56 px of downward scroll have accumulated, in steps of at least 8', () => {
    expect(scrollThrough([8, 16, 24, 32, 40, 48], 'touch').visible).toBe(true);
    expect(scrollThrough([8, 16, 24, 32, 40, 48, 55], 'touch').visible).toBe(true);
    expect(scrollThrough([8, 16, 24, 32, 40, 48, 56], 'touch').visible).toBe(false);
  });

  it('mouse: hides once 32 px have accumulated, in steps of at least 3', () => {
    expect(scrollThrough([3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 31], 'mouse').visible).toBe(true);
    expect(scrollThrough([10, 20, 31], 'mouse').visible).toBe(true);
    expect(scrollThrough([10, 20, 32], 'mouse').visible).toBe(false);
  });

  it('ignores deltas under 8 px (touch) or 3 px (mouse), which still add up', () => {
    const touch = nextScrollVisibility(initialScrollVisibility(100), 107, 'touch');
    expect(touch.anchorY).toBe(100);
    expect(touch.accumulatedDown).toBe(0);
    expect(nextScrollVisibility(touch, 108, 'touch').accumulatedDown).toBe(8);

    const mouse = nextScrollVisibility(initialScrollVisibility(100), 102, 'mouse');
    expect(mouse.accumulatedDown).toBe(0);
    expect(nextScrollVisibility(mouse, 103, 'mouse').accumulatedDown).toBe(3);
  });

  it('touch: needs 12 px of upward scroll to come back', () => {
    const hidden = scrollThrough([100, 200, 300], 'touch', initialScrollVisibility(50));
    expect(hidden.visible).toBe(false);
    expect(scrollThrough([289], 'touch', hidden).visible).toBe(false);
    expect(scrollThrough([288], 'touch', hidden).visible).toBe(true);
    expect(scrollThrough([294, 288], 'touch', hidden).visible).toBe(true);
  });

  it('mouse: needs 8 px of upward scroll to come back', () => {
    const hidden = scrollThrough([100, 200], 'mouse', initialScrollVisibility(50));
    expect(hidden.visible).toBe(false);
    expect(scrollThrough([193], 'mouse', hidden).visible).toBe(false);
    expect(scrollThrough([192], 'mouse', hidden).visible).toBe(true);
    expect(scrollThrough([196, 192], 'mouse', hidden).visible).toBe(true);
  });

  it('a change of direction restarts the downward count', () => {
    const state = scrollThrough([40, 30, 70], 'touch', initialScrollVisibility(0));
    expect(state.accumulatedDown).toBe(40);
    expect(state.visible).toBe(true);
  });

  it('is always shown at the page top', () => {
    const hidden = scrollThrough([100, 400], 'touch');
    expect(hidden.visible).toBe(false);
    expect(nextScrollVisibility(hidden, 0, 'touch').visible).toBe(true);
    expect(nextScrollVisibility(hidden, -20, 'touch').visible).toBe(true);
  });
});

describe('overall visibility', () => {
  it('hides on /chat, on downward scroll and while the keyboard is visible', () => {
    const base = { pathname: '/', scrollVisible: true, keyboardVisible: false };
    expect(isNavVisible(base)).toBe(true);
    expect(isNavVisible({ ...base, pathname: '/chat' })).toBe(false);
    expect(isNavVisible({ ...base, scrollVisible: false })).toBe(false);
    expect(isNavVisible({ ...base, keyboardVisible: true })).toBe(false);
  });
});
