import { describe, expect, it } from 'vitest';
import {
  estimateAbility,
  itemInformation,
  probabilityCorrect,
  selectNextItem,
  shouldStop,
} from './psychometrics.ts';

describe('2PL model', () => {
  it('gives a 50 % chance at θ = b and rises with ability', () => {
    expect(probabilityCorrect(0.7, { a: 1.5, b: 0.7 })).toBeCloseTo(0.5);
    expect(probabilityCorrect(1.7, { a: 1.5, b: 0.7 })).toBeCloseTo(1 / (1 + Math.exp(-1.5)));
    expect(probabilityCorrect(-1, { a: 1, b: 0 })).toBeLessThan(probabilityCorrect(1, { a: 1, b: 0 }));
  });

  it('information peaks at θ = b with a²/4', () => {
    expect(itemInformation(0.3, { a: 2, b: 0.3 })).toBeCloseTo(1);
    expect(itemInformation(1.3, { a: 2, b: 0.3 })).toBeLessThan(1);
  });
});

describe('EAP estimate with a standard-normal prior', () => {
  it('is the prior with no answers', () => {
    const prior = estimateAbility([]);
    expect(prior.theta).toBeCloseTo(0, 6);
    expect(prior.se).toBeCloseTo(1, 2);
  });

  it('moves up after right answers and down after wrong ones, symmetrically', () => {
    const item = { a: 1.5, b: 0 };
    const up = estimateAbility([{ ...item, correct: true }]);
    const down = estimateAbility([{ ...item, correct: false }]);
    expect(up.theta).toBeGreaterThan(0);
    expect(down.theta).toBeCloseTo(-up.theta, 6);
    expect(up.se).toBeLessThan(1);
  });

  it('stays finite when every answer is right (where maximum likelihood diverges)', () => {
    const all = estimateAbility(Array.from({ length: 10 }, () => ({ a: 2, b: 1, correct: true })));
    expect(Number.isFinite(all.theta)).toBe(true);
    expect(all.theta).toBeGreaterThan(1);
    expect(all.theta).toBeLessThan(4);
  });

  it('the standard error matches 1/√(1 + test information) for balanced answers at θ = b', () => {
    const answers = Array.from({ length: 10 }, (_, i) => ({ a: 2, b: 0, correct: i % 2 === 0 }));
    expect(estimateAbility(answers).se).toBeCloseTo(1 / Math.sqrt(1 + 10), 1);
  });
});

describe('item selection and stopping', () => {
  const bank = [-2, -1, 0, 1, 2].map((b) => ({ a: 1.5, b }));

  it('serves the most informative item at the estimate', () => {
    expect(selectNextItem(0.9, bank, () => 0, 1)?.b).toBe(1);
    expect(selectNextItem(-1.8, bank, () => 0, 1)?.b).toBe(-2);
  });

  it('picks among the top few for exposure control, never beyond them', () => {
    const picks = new Set([0, 0.5, 0.99].map((r) => selectNextItem(0.1, bank, () => r, 2)?.b));
    expect([...picks].sort()).toEqual([0, 1]);
    expect(selectNextItem(0, [], Math.random)).toBeUndefined();
  });

  it('Sympson–Hetter: passes over an item with the chance 1 − K_i, then tries the next most informative', () => {
    const held = bank.map((item) => ({ ...item, exposure: item.b === 0 ? 0.25 : 1 }));
    // The lottery draws 0.5 for the best item (b = 0, K 0.25): passed over; the next (b = 1) is given.
    expect(selectNextItem(0.1, held, () => 0.5, 1)?.b).toBe(1);
    expect(selectNextItem(0.1, held, () => 0.1, 1)?.b).toBe(0);
    const considered: number[] = [];
    selectNextItem(
      0.1,
      held,
      () => 0.5,
      1,
      (item) => considered.push(item.b),
    );
    expect(considered).toEqual([0, 1]);
  });

  it('stops at the maximum, on an empty bank, or at the target SE but never before the minimum', () => {
    const rule = { minItems: 5, maxItems: 10, targetSe: 0.3 };
    expect(shouldStop(10, { theta: 0, se: 0.9 }, 5, rule)).toBe(true);
    expect(shouldStop(3, { theta: 0, se: 0.9 }, 0, rule)).toBe(true);
    expect(shouldStop(4, { theta: 0, se: 0.2 }, 5, rule)).toBe(false);
    expect(shouldStop(5, { theta: 0, se: 0.29 }, 5, rule)).toBe(true);
    expect(shouldStop(6, { theta: 0, se: 0.31 }, 5, rule)).toBe(false);
  });
});
