/**
 * The psychometric core of the skills assessment: the two-parameter logistic model (2PL), ability
 * estimated by EAP with a standard-normal prior, maximum-information item selection with Sympson–Hetter
 * exposure control, and the stopping rule. Pure functions, no I/O: the service feeds them stored rows.
 * Why these choices and thresholds: docs/decisions/0017-skills-psychometrics.md.
 *
 * Notation: θ is ability (logits, the population is N(0, 1)); item i has discrimination a_i and
 * difficulty b_i; u_i is 1 for a correct answer, 0 for a wrong one.
 */

export interface ItemParameters {
  a: number;
  b: number;
  /**
   * Sympson–Hetter exposure parameter K_i in (0, 1]: once the item is the most informative left, it is
   * given with probability K_i (else the next one is tried). 1 or absent: always given.
   */
  exposure?: number;
}

export interface Response extends ItemParameters {
  correct: boolean;
}

export interface AbilityEstimate {
  /** EAP estimate θ̂ (posterior mean). */
  theta: number;
  /** Posterior standard deviation, used as the standard error of θ̂. */
  se: number;
}

export interface StoppingRule {
  minItems: number;
  maxItems: number;
  /** Stop once the standard error is at or below this (and at least minItems were answered). */
  targetSe: number;
}

/** Defaults measured by the simulation test (psychometrics.simulation.test.ts). */
export const defaultStoppingRule: StoppingRule = { minItems: 5, maxItems: 10, targetSe: 0.3 };

/**
 * The stated exposure ceiling: no item is shown to more than this share of the takers of its skill
 * (checked by simulation on fresh simulees). The K_i are calibrated to a lower target,
 * `exposureCalibrationRate`, so that sampling noise stays under the ceiling (decision 0050).
 */
export const maxExposureRate = 0.3;
export const exposureCalibrationRate = 0.25;

/**
 * Randomesque exposure control (the previous rule, kept for the bench's "before"): pick at random among
 * this many most informative items. 1 means Sympson–Hetter alone.
 */
export const exposureTopK = 1;

/** P_i(θ) = 1 / (1 + exp(−a_i(θ − b_i))): the chance that a person of ability θ answers item i right. */
export function probabilityCorrect(theta: number, { a, b }: ItemParameters): number {
  return 1 / (1 + Math.exp(-a * (theta - b)));
}

/** I_i(θ) = a_i² · P_i(θ) · (1 − P_i(θ)): how much item i tells about an ability near θ. */
export function itemInformation(theta: number, item: ItemParameters): number {
  const p = probabilityCorrect(theta, item);
  return item.a * item.a * p * (1 - p);
}

/**
 * Quadrature nodes θ_k on −4…4 in steps of 0.1 (81 nodes) with the N(0, 1) prior weights
 * W_k = exp(−θ_k²/2) (the constant 1/√(2π) cancels in the ratios below).
 */
const nodes = Array.from({ length: 81 }, (_, k) => -4 + k * 0.1);
const logPrior = nodes.map((theta) => (-theta * theta) / 2);

/**
 * EAP (expected a posteriori) estimate. In log space, for each node:
 *   log L_k = Σ_i [u_i · ln P_i(θ_k) + (1 − u_i) · ln(1 − P_i(θ_k))]
 *   log post_k = log L_k + log W_k
 * then θ̂ = Σ θ_k post_k / Σ post_k and SE = √(Σ (θ_k − θ̂)² post_k / Σ post_k).
 * With no responses this is the prior: θ̂ = 0, SE ≈ 1. Unlike maximum likelihood it exists when every
 * answer is right or every answer is wrong.
 */
export function estimateAbility(responses: readonly Response[]): AbilityEstimate {
  const logPosterior = nodes.map((theta, k) => {
    let sum = logPrior[k] ?? 0;
    for (const response of responses) {
      // ln P = −ln(1 + e^{−z}) and ln(1 − P) = −ln(1 + e^{z}), z = a(θ − b): stable at both tails.
      const z = response.a * (theta - response.b);
      sum -= response.correct ? softplus(-z) : softplus(z);
    }
    return sum;
  });
  const peak = Math.max(...logPosterior);
  let total = 0;
  let first = 0;
  const weights = logPosterior.map((value, k) => {
    const weight = Math.exp(value - peak);
    total += weight;
    first += weight * (nodes[k] ?? 0);
    return weight;
  });
  const theta = first / total;
  let second = 0;
  weights.forEach((weight, k) => {
    const d = (nodes[k] ?? 0) - theta;
    second += weight * d * d;
  });
  return { theta, se: Math.sqrt(second / total) };
}

/** ln(1 + e^x) without overflow. */
function softplus(x: number): number {
  return x > 30 ? x : Math.log1p(Math.exp(x));
}

/**
 * Maximum-information selection with exposure control. With `topK` 1 (the default) this is
 * Sympson–Hetter: the unused items are ranked by I_i(θ̂) and, from the top, each is given with
 * probability K_i (`exposure`) or passed over; if every one is passed over the most informative is given.
 * `considered` sees each item that reached the lottery (the calibration counts them). With `topK` > 1
 * it is randomesque: one of the `topK` most informative, uniformly (`random` in [0, 1)), K_i ignored.
 * Returns undefined when nothing is left.
 */
export function selectNextItem<T extends ItemParameters>(
  theta: number,
  unused: readonly T[],
  random: () => number = Math.random,
  topK: number = exposureTopK,
  considered?: (item: T) => void,
): T | undefined {
  if (unused.length === 0) return undefined;
  const ranked = unused
    .map((item) => ({ item, information: itemInformation(theta, item) }))
    .sort((x, y) => y.information - x.information);
  if (topK > 1) {
    const top = ranked.slice(0, topK);
    return top[Math.floor(random() * top.length)]?.item;
  }
  for (const { item } of ranked) {
    considered?.(item);
    if (random() < (item.exposure ?? 1)) return item;
  }
  return ranked[0]?.item;
}

/**
 * Stop when the maximum count is reached, when the bank has nothing left, or (never before the
 * minimum) when SE ≤ target. The same priority order as catsim's TestLengthStopper.
 */
export function shouldStop(
  answered: number,
  estimate: AbilityEstimate,
  remaining: number,
  rule: StoppingRule = defaultStoppingRule,
): boolean {
  if (answered >= rule.maxItems || remaining === 0) return true;
  return answered >= rule.minItems && estimate.se <= rule.targetSe;
}
