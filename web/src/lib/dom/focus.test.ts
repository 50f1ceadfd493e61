import { afterEach, describe, expect, it } from 'vitest';
import { inertOutside, lockPageScroll, tabbableWithin, trappedFocusTarget } from './focus.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

function buttons(count: number) {
  const container = document.createElement('div');
  for (let i = 0; i < count; i += 1) container.append(document.createElement('button'));
  document.body.append(container);
  return { container, list: tabbableWithin(container) };
}

describe('focus trap', () => {
  it('wraps from the last to the first and back', () => {
    const { list } = buttons(3);
    expect(trappedFocusTarget(list, list[2]!, false)).toBe(list[0]);
    expect(trappedFocusTarget(list, list[0]!, true)).toBe(list[2]);
    expect(trappedFocusTarget(list, list[1]!, false)).toBeNull();
    expect(trappedFocusTarget(list, list[1]!, true)).toBeNull();
  });

  it('pulls focus in from outside', () => {
    const { list } = buttons(2);
    expect(trappedFocusTarget(list, document.body, false)).toBe(list[0]);
    expect(trappedFocusTarget(list, document.body, true)).toBe(list[1]);
    expect(trappedFocusTarget([], document.body, false)).toBeNull();
  });

  it('skips disabled and negative tabindex elements', () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<button disabled>a</button><span tabindex="-1">b</span><a href="/x">c</a><input type="hidden" />';
    expect(tabbableWithin(container).map((element) => element.textContent)).toEqual(['c']);
  });
});

describe('page scroll lock', () => {
  it('locks until the last lock is released', () => {
    const first = lockPageScroll();
    const second = lockPageScroll();
    expect(document.documentElement.style.overflow).toBe('hidden');
    first();
    first();
    expect(document.documentElement.style.overflow).toBe('hidden');
    second();
    expect(document.documentElement.style.overflow).toBe('');
  });
});

describe('inert outside', () => {
  it('makes siblings inert and restores them', () => {
    const app = document.createElement('div');
    const sheet = document.createElement('div');
    document.body.append(app, sheet);
    const restore = inertOutside(sheet);
    expect(app).toHaveAttribute('inert');
    expect(sheet).not.toHaveAttribute('inert');
    restore();
    expect(app).not.toHaveAttribute('inert');
  });
});
