import { skillBandZ } from '@uplift/contracts';
import {
  defaultStoppingRule,
  estimateAbility,
  exposureTopK,
  exposureCalibrationRate,
  probabilityCorrect,
  selectNextItem,
  shouldStop,
  type ItemParameters,
  type Response,
  type StoppingRule,
} from './psychometrics.ts';

/**
 * A simulation of the adaptive test on an item bank: simulated members with abilities drawn from
 * N(0, 1) answer each served item correctly with the 2PL probability. Used by the simulation test and
 * the bench; deterministic for a given seed.
 */
export interface SimulationOptions {
  simulees: number;
  seed: number;
  rule?: StoppingRule;
  /** 'random' serves unused items in random order (the baseline adaptivity must beat). */
  selection?: 'adaptive' | 'random';
  /** Ask exactly this many items (no early stop): compares selections at equal test length. */
  fixedLength?: number;
  /** Randomesque width (psychometrics.ts); 1, the default, is Sympson–Hetter with the items' K_i. */
  topK?: number;
}

export interface SimulationFigures {
  simulees: number;
  meanItems: number;
  rmse: number;
  meanSe: number;
  /** Mean of θ̂ − θ over every simulee. */
  bias: number;
  /** Share of simulees whose θ lies in the reported 90 % band θ̂ ± 1.645·SE. */
  coverage: number;
  /** Share stopped by the SE rule before the maximum count. */
  seStopRate: number;
  /** Share whose final SE is at or below the target, at whatever length. */
  seReachedRate: number;
  /** Share of simulees shown each item: the largest, and the mean over the bank. */
  exposureMax: number;
  exposureMean: number;
  /** Mean of (θ̂ − θ) per ability band [low, high). */
  bandBias: Array<{ low: number; high: number; count: number; bias: number }>;
}

/** A small, fast, seedable generator (mulberry32) so runs repeat exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Box–Muller: a standard-normal draw from two uniform ones. */
function normal(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export const abilityBands = [
  [-2, -1],
  [-1, 0],
  [0, 1],
  [1, 2],
] as const;

export function simulate(bank: readonly ItemParameters[], options: SimulationOptions): SimulationFigures {
  return run(bank, options).figures;
}

function run(
  bank: readonly ItemParameters[],
  options: SimulationOptions,
): {
  figures: SimulationFigures;
  considered: Map<ItemParameters, number>;
  given: Map<ItemParameters, number>;
} {
  const random = seededRandom(options.seed);
  const rule = options.fixedLength
    ? { minItems: options.fixedLength, maxItems: options.fixedLength, targetSe: 0 }
    : (options.rule ?? defaultStoppingRule);
  const topK = options.topK ?? exposureTopK;
  const bands = abilityBands.map(([low, high]) => ({ low, high, count: 0, sum: 0 }));
  const considered = new Map<ItemParameters, number>();
  const given = new Map<ItemParameters, number>();
  const consider = (item: ItemParameters) => considered.set(item, (considered.get(item) ?? 0) + 1);
  let items = 0;
  let squared = 0;
  let seSum = 0;
  let biasSum = 0;
  let covered = 0;
  let seStops = 0;
  let seReached = 0;
  for (let n = 0; n < options.simulees; n += 1) {
    const theta = normal(random);
    let unused = [...bank];
    const responses: Response[] = [];
    let estimate = estimateAbility(responses);
    while (!shouldStop(responses.length, estimate, unused.length, rule)) {
      const item =
        options.selection === 'random'
          ? unused[Math.floor(random() * unused.length)]
          : selectNextItem(estimate.theta, unused, random, topK, consider);
      if (!item) break;
      unused = unused.filter((candidate) => candidate !== item);
      given.set(item, (given.get(item) ?? 0) + 1);
      responses.push({ ...item, correct: random() < probabilityCorrect(theta, item) });
      estimate = estimateAbility(responses);
    }
    const error = estimate.theta - theta;
    items += responses.length;
    squared += error ** 2;
    seSum += estimate.se;
    biasSum += error;
    if (Math.abs(error) <= skillBandZ * estimate.se) covered += 1;
    if (estimate.se <= rule.targetSe) seReached += 1;
    if (responses.length < rule.maxItems && unused.length > 0 && estimate.se <= rule.targetSe) seStops += 1;
    const band = bands.find((candidate) => theta >= candidate.low && theta < candidate.high);
    if (band) {
      band.count += 1;
      band.sum += error;
    }
  }
  const n = options.simulees;
  const shown = bank.map((item) => (given.get(item) ?? 0) / n);
  return {
    figures: {
      simulees: n,
      meanItems: items / n,
      rmse: Math.sqrt(squared / n),
      meanSe: seSum / n,
      bias: biasSum / n,
      coverage: covered / n,
      seStopRate: seStops / n,
      seReachedRate: seReached / n,
      exposureMax: Math.max(0, ...shown),
      exposureMean: shown.reduce((sum, rate) => sum + rate, 0) / Math.max(1, shown.length),
      bandBias: bands.map(({ low, high, count, sum }) => ({
        low,
        high,
        count,
        bias: count ? sum / count : 0,
      })),
    },
    considered,
    given,
  };
}

/**
 * Sympson–Hetter calibration (Sympson and Hetter 1985): start every K_i at 1, simulate the test,
 * and set K_i = 0.95·r / P(considered_i) where the item reached the lottery more often than that
 * (1 otherwise), until no item is given to more than 0.95·r of the simulees or `rounds` run out.
 * Returns the K_i in the bank's order, rounded to 3 decimals. Deterministic for a seed; the simulation
 * test and the bench measure the result on other seeds.
 */
export function calibrateExposure(
  bank: readonly ItemParameters[],
  {
    simulees,
    seed,
    rate = exposureCalibrationRate,
    rounds = 20,
  }: { simulees: number; seed: number; rate?: number; rounds?: number },
): number[] {
  let k = bank.map(() => 1);
  for (let round = 0; round < rounds; round += 1) {
    const items = bank.map((item, i) => ({ ...item, exposure: k[i] }));
    const { considered, given } = run(items, { simulees, seed: seed + round, topK: 1 });
    // A small margin below the ceiling, so that other simulees stay under it too.
    const worst = Math.max(...items.map((item) => (given.get(item) ?? 0) / simulees));
    if (worst <= rate * 0.95) break;
    k = items.map((item) => {
      const p = (considered.get(item) ?? 0) / simulees;
      return p > rate * 0.95 ? Math.round((1000 * rate * 0.95) / p) / 1000 : 1;
    });
  }
  return k;
}
