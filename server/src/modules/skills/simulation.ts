import {
  defaultStoppingRule,
  estimateAbility,
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
}

export interface SimulationFigures {
  simulees: number;
  meanItems: number;
  rmse: number;
  meanSe: number;
  /** Mean of (θ̂ − θ) per ability band [low, high). */
  bias: Array<{ low: number; high: number; count: number; bias: number }>;
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
  const random = seededRandom(options.seed);
  const rule = options.fixedLength
    ? { minItems: options.fixedLength, maxItems: options.fixedLength, targetSe: 0 }
    : (options.rule ?? defaultStoppingRule);
  const bands = abilityBands.map(([low, high]) => ({ low, high, count: 0, sum: 0 }));
  let items = 0;
  let squared = 0;
  let seSum = 0;
  for (let n = 0; n < options.simulees; n += 1) {
    const theta = normal(random);
    let unused = [...bank];
    const responses: Response[] = [];
    let estimate = estimateAbility(responses);
    while (!shouldStop(responses.length, estimate, unused.length, rule)) {
      const item =
        options.selection === 'random'
          ? unused[Math.floor(random() * unused.length)]
          : selectNextItem(estimate.theta, unused, random);
      if (!item) break;
      unused = unused.filter((candidate) => candidate !== item);
      responses.push({ ...item, correct: random() < probabilityCorrect(theta, item) });
      estimate = estimateAbility(responses);
    }
    items += responses.length;
    squared += (estimate.theta - theta) ** 2;
    seSum += estimate.se;
    const band = bands.find((candidate) => theta >= candidate.low && theta < candidate.high);
    if (band) {
      band.count += 1;
      band.sum += estimate.theta - theta;
    }
  }
  return {
    simulees: options.simulees,
    meanItems: items / options.simulees,
    rmse: Math.sqrt(squared / options.simulees),
    meanSe: seSum / options.simulees,
    bias: bands.map(({ low, high, count, sum }) => ({ low, high, count, bias: count ? sum / count : 0 })),
  };
}
