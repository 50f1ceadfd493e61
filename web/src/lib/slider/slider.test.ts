import { describe, expect, it } from 'vitest';
import { clampSliderIndex, sliderIndexForKey, sliderIndexForScroll } from './slider.ts';

describe('card slider', () => {
  it('steps with the arrows and jumps with Home and End, staying within the cards', () => {
    expect(sliderIndexForKey('ArrowRight', 0, 4)).toBe(1);
    expect(sliderIndexForKey('ArrowRight', 3, 4)).toBe(3);
    expect(sliderIndexForKey('ArrowLeft', 0, 4)).toBe(0);
    expect(sliderIndexForKey('ArrowLeft', 2, 4)).toBe(1);
    expect(sliderIndexForKey('Home', 2, 4)).toBe(0);
    expect(sliderIndexForKey('End', 0, 4)).toBe(3);
    expect(sliderIndexForKey('Enter', 0, 4)).toBeNull();
    expect(sliderIndexForKey('ArrowRight', 0, 0)).toBeNull();
  });

  it('finds the snapped card from the scroll position', () => {
    expect(sliderIndexForScroll(0, 300, 4)).toBe(0);
    expect(sliderIndexForScroll(149, 300, 4)).toBe(0);
    expect(sliderIndexForScroll(151, 300, 4)).toBe(1);
    expect(sliderIndexForScroll(5000, 300, 4)).toBe(3);
    expect(sliderIndexForScroll(-20, 300, 4)).toBe(0);
    expect(sliderIndexForScroll(100, 0, 4)).toBe(0);
  });

  it('clamps an index', () => {
    expect(clampSliderIndex(7, 4)).toBe(3);
    expect(clampSliderIndex(-1, 4)).toBe(0);
    expect(clampSliderIndex(1.7, 4)).toBe(1);
  });
});
