/**
 * Recomputes the Sympson–Hetter exposure parameters (K_i) of item-bank.json, skill by skill, for the
 * target `exposureCalibrationRate` (under the stated ceiling `maxExposureRate`). Run after adding or recalibrating items:
 *   node server/src/modules/skills/calibrate-exposure.ts
 * Deterministic (seed 2026, 2,000 simulees a round); the simulation test measures the result on others.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { skillAreaIds } from '@uplift/contracts';
import { calibrateExposure } from './simulation.ts';

const bankFile = new URL('./item-bank.json', import.meta.url);
const bank = JSON.parse(await readFile(bankFile, 'utf8')) as Array<{
  skill: string;
  a: number;
  b: number;
  exposure?: number;
}>;
for (const skill of skillAreaIds) {
  const items = bank.filter((item) => item.skill === skill);
  const k = calibrateExposure(
    items.map(({ a, b }) => ({ a, b })),
    { simulees: 2_000, seed: 2026 },
  );
  items.forEach((item, i) => {
    item.exposure = k[i] ?? 1;
  });
  console.log(`${skill}: ${k.filter((value) => value < 1).length} items held back`);
}
await writeFile(bankFile, `${JSON.stringify(bank, null, 2)}\n`);
