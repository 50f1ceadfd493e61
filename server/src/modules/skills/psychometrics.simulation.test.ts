import { beforeAll, describe, expect, it } from 'vitest';
import { skillAreaIds } from '@uplift/contracts';
import { loadConcepts, loadItemBank, type BankItem, type Concept } from './item-bank.ts';
import { defaultStoppingRule, maxExposureRate } from './psychometrics.ts';
import { simulate, type SimulationFigures } from './simulation.ts';

/**
 * Simulees per skill. Fresh seeds: the exposure parameters were calibrated on seeds 2026–2045
 * (calibrate-exposure.ts), so nothing measured here was used to tune anything.
 */
const simulees = 1_000;
const seed = 4_040;

function report(skill: string, figures: SimulationFigures) {
  const bands = figures.bandBias
    .map((band) => `[${band.low},${band.high}) ${band.bias.toFixed(2)}`)
    .join(' ');
  console.log(
    `${skill.padEnd(19)} items ${figures.meanItems.toFixed(2)}  RMSE ${figures.rmse.toFixed(3)}  ` +
      `bias ${figures.bias.toFixed(3)}  90 % coverage ${figures.coverage.toFixed(3)}  ` +
      `SE stop ${figures.seStopRate.toFixed(3)}  exposure max ${figures.exposureMax.toFixed(3)} ` +
      `mean ${figures.exposureMean.toFixed(3)}  bands ${bands}`,
  );
}

/** Issue 40: the bank, its exposure control and the test's precision, skill by skill. */
describe('adaptive assessment simulated on the seeded item bank', () => {
  let bank: BankItem[];
  let concepts: Concept[];
  beforeAll(async () => {
    bank = await loadItemBank();
    concepts = await loadConcepts();
  });

  it('every skill has at least 60 calibrated items from easy to hard, each with a concept of its skill', () => {
    const known = new Map(concepts.map((concept) => [concept.id, concept]));
    for (const skill of skillAreaIds) {
      const items = bank.filter((item) => item.skill === skill);
      expect(items.length).toBeGreaterThanOrEqual(60);
      const difficulties = items.map((item) => item.b);
      expect(Math.min(...difficulties)).toBeLessThanOrEqual(-2.4);
      expect(Math.max(...difficulties)).toBeGreaterThanOrEqual(2.4);
      // At least a third of the items where most members are (−1 ≤ b ≤ 1).
      expect(items.filter((item) => Math.abs(item.b) <= 1).length).toBeGreaterThanOrEqual(20);
      for (const item of items) {
        expect(item.a, item.id).toBeGreaterThanOrEqual(0.8);
        expect(item.a, item.id).toBeLessThanOrEqual(2);
        expect(item.exposure, item.id).toBeGreaterThan(0);
        expect(item.exposure, item.id).toBeLessThanOrEqual(1);
        expect(known.get(item.concept)?.skill, item.id).toBe(skill);
        expect(new Set(item.options).size, item.id).toBe(item.options.length);
      }
      expect(new Set(items.map((item) => item.stem)).size).toBe(items.length);
    }
  });

  it.each(skillAreaIds)(
    `%s: ≤ 10 items, RMSE ≤ 0.47, |bias| ≤ 0.05, the 90 per cent band covers 86 to 95 per cent, no item shown to more than ${maxExposureRate * 100} per cent of takers`,
    (skill) => {
      const items = bank.filter((item) => item.skill === skill);
      const figures = simulate(items, { simulees, seed });
      report(skill, figures);
      expect(figures.meanItems).toBeLessThanOrEqual(defaultStoppingRule.maxItems);
      expect(figures.rmse).toBeLessThanOrEqual(0.47);
      expect(Math.abs(figures.bias)).toBeLessThanOrEqual(0.05);
      // EAP shrinks towards the prior (about −θ·SE²): largest in the outer bands, within 0.35 there.
      for (const band of figures.bandBias) expect(Math.abs(band.bias)).toBeLessThanOrEqual(0.35);
      expect(figures.coverage).toBeGreaterThanOrEqual(0.86);
      expect(figures.coverage).toBeLessThanOrEqual(0.95);
      expect(figures.exposureMax).toBeLessThanOrEqual(maxExposureRate);
      // Every taker sees meanItems of the 60: the mean exposure is that share.
      expect(figures.exposureMean).toBeCloseTo(figures.meanItems / items.length, 6);
    },
  );

  it('adaptive selection beats random selection at equal length, exposure control included', () => {
    const items = bank.filter((item) => item.skill === 'data-analytics');
    const length = defaultStoppingRule.maxItems;
    const adaptive = simulate(items, { simulees, seed: seed + 1, fixedLength: length });
    const random = simulate(items, { simulees, seed: seed + 1, fixedLength: length, selection: 'random' });
    expect(adaptive.rmse).toBeLessThanOrEqual(0.92 * random.rmse);
  });

  it('the SE ≤ 0.30 rule cannot fire within 10 items on this bank: the reason is the information bound', () => {
    // Posterior precision is about 1 + Σ I_i(θ) and I_i ≤ a²/4 ≤ 1 for a ≤ 2, so SE ≤ 0.30 needs
    // Σ I ≥ 1/0.09 − 1 ≈ 10.1: more than ten perfectly targeted items of the highest discrimination.
    const best = Math.max(...bank.map((item) => (item.a * item.a) / 4));
    expect(1 / Math.sqrt(1 + 9 * best)).toBeGreaterThan(defaultStoppingRule.targetSe);
    const items = bank.filter((item) => item.skill === 'communication');
    const figures = simulate(items, { simulees: 300, seed: seed + 2 });
    expect(figures.seStopRate).toBe(0);
    expect(figures.seReachedRate).toBe(0);
  });
});
