import { beforeAll, describe, expect, it } from 'vitest';
import { skillAreaIds } from '@uplift/contracts';
import { loadItemBank, type BankItem } from './item-bank.ts';
import { defaultStoppingRule } from './psychometrics.ts';
import { simulate, type SimulationFigures } from './simulation.ts';

const simulees = 2_000;

function report(skill: string, figures: SimulationFigures, random?: SimulationFigures) {
  const bias = figures.bias.map((band) => `[${band.low},${band.high}) ${band.bias.toFixed(3)}`).join(' ');
  console.log(
    `${skill.padEnd(19)} items ${figures.meanItems.toFixed(2)}  RMSE ${figures.rmse.toFixed(3)}  ` +
      `mean SE ${figures.meanSe.toFixed(3)}  bias ${bias}` +
      (random
        ? `  | equal length ${defaultStoppingRule.maxItems}: random RMSE ${random.rmse.toFixed(3)}`
        : ''),
  );
}

/** The acceptance figures of issue 13, on the seeded bank, skill by skill. */
describe('adaptive assessment simulated on the seeded item bank', () => {
  let bank: BankItem[];
  beforeAll(async () => {
    bank = await loadItemBank();
  });

  it('every skill area has at least 25 items from easy to hard', () => {
    for (const skill of skillAreaIds) {
      const items = bank.filter((item) => item.skill === skill);
      expect(items.length).toBeGreaterThanOrEqual(25);
      const difficulties = items.map((item) => item.b);
      expect(Math.min(...difficulties)).toBeLessThanOrEqual(-2.4);
      expect(Math.max(...difficulties)).toBeGreaterThanOrEqual(2.4);
    }
  });

  it.each(skillAreaIds)(
    '%s: ≤ 10 items on average, RMSE ≤ 0.45, |bias| ≤ 0.15 per band, and beats random selection by 10 %',
    (skill) => {
      const items = bank.filter((item) => item.skill === skill);
      const adaptive = simulate(items, { simulees, seed: 13 });
      const length = defaultStoppingRule.maxItems;
      const adaptiveFixed = simulate(items, { simulees, seed: 14, fixedLength: length });
      const randomFixed = simulate(items, { simulees, seed: 14, fixedLength: length, selection: 'random' });
      report(skill, adaptive, randomFixed);

      expect(adaptive.meanItems).toBeLessThanOrEqual(10);
      expect(adaptive.rmse).toBeLessThanOrEqual(0.45);
      for (const band of adaptive.bias) expect(Math.abs(band.bias)).toBeLessThanOrEqual(0.15);
      expect(adaptiveFixed.rmse).toBeLessThanOrEqual(0.9 * randomFixed.rmse);
    },
  );
});
