import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { skillAreaIds } from '@uplift/contracts';
import { loadItemBank } from '../../server/src/modules/skills/item-bank.ts';
import {
  estimateAbility,
  probabilityCorrect,
  selectNextItem,
  type Response,
} from '../../server/src/modules/skills/psychometrics.ts';
import {
  seededRandom,
  simulate,
  type SimulationFigures,
} from '../../server/src/modules/skills/simulation.ts';
import { percentile, round } from './stats.ts';

export interface SkillsBenchResult {
  /** Milliseconds per call, in process: choosing the next item, and re-estimating after an answer. */
  selectNextMs: { p50: number; p99: number };
  scoreAnswerMs: { p50: number; p99: number };
  /**
   * The adaptive test simulated per skill, before issue 40 (the 25-item bank with a 1.8–2.8 and top-2
   * randomesque selection) and after (the 60-item bank, a 0.9–2.0, Sympson–Hetter exposure control).
   */
  simulation: Array<{ skill: string; before: SimulationFigures; after: SimulationFigures }>;
  /** Gzipped (level 9) route chunks of the built app; the history chart loads lazily on its own. */
  chunks: Array<{ file: string; gzipBytes: number }>;
}

const timings = 20_000;

/** The bank's parameters before issue 40 (skill, a, b of the 200 items), kept to measure against. */
const beforeFile = new URL('./skills-bank-before.json', import.meta.url);

function timed(run: () => void): { p50: number; p99: number } {
  const samples = new Float64Array(timings);
  for (let i = 0; i < timings; i += 1) {
    const started = performance.now();
    run();
    samples[i] = performance.now() - started;
  }
  samples.sort();
  return { p50: round(percentile(samples, 0.5)), p99: round(percentile(samples, 0.99)) };
}

async function chunkSizes(webDistDir: string) {
  const assets = path.join(webDistDir, 'assets');
  const files = (await readdir(assets)).filter((file) =>
    /^(SkillsPage|SkillsPublicPage|SkillsClientPage|HistoryChart|ScoreBand)-.*\.js$/.test(file),
  );
  return Promise.all(
    files.map(async (file) => ({
      file,
      gzipBytes: gzipSync(await readFile(path.join(assets, file)), { level: 9 }).length,
    })),
  );
}

/** The adaptive test's per-answer cost, its simulated precision on the seeded bank, and its chunk sizes. */
export async function measureSkills(webDistDir: string, simulees = 1_000): Promise<SkillsBenchResult> {
  const bank = await loadItemBank();
  const beforeBank = JSON.parse(await readFile(beforeFile, 'utf8')) as Array<{
    skill: string;
    a: number;
    b: number;
  }>;
  const random = seededRandom(7);
  const items = bank.filter((item) => item.skill === 'communication');
  // A mid-test state: five answered, twenty to choose from.
  const answered: Response[] = items.slice(10, 15).map((item) => ({ ...item, correct: random() < 0.5 }));
  const unused = items.filter((item) => !items.slice(10, 15).includes(item));
  const next = items[20];
  if (!next) throw new Error('the communication bank has fewer than 21 items');
  const selectNextMs = timed(() => {
    selectNextItem(estimateAbility(answered).theta, unused, random);
  });
  const scoreAnswerMs = timed(() => {
    estimateAbility([...answered, { ...next, correct: random() < probabilityCorrect(0, next) }]);
  });
  // Seed 13, never used by the exposure calibration (seeds 2026–2045).
  const simulation = skillAreaIds.map((skill) => ({
    skill,
    before: simulate(
      beforeBank.filter((item) => item.skill === skill),
      { simulees, seed: 13, topK: 2 },
    ),
    after: simulate(
      bank.filter((item) => item.skill === skill),
      { simulees, seed: 13 },
    ),
  }));
  return { selectNextMs, scoreAnswerMs, simulation, chunks: await chunkSizes(webDistDir) };
}

export function formatSkills(result: SkillsBenchResult): string[] {
  const lines = [
    `next item: p50 ${result.selectNextMs.p50} ms, p99 ${result.selectNextMs.p99} ms (estimate + selection)`,
    `score an answer (EAP): p50 ${result.scoreAnswerMs.p50} ms, p99 ${result.scoreAnswerMs.p99} ms`,
  ];
  const line = (figures: SimulationFigures) => {
    const worstBand = Math.max(...figures.bandBias.map((band) => Math.abs(band.bias)));
    return (
      `${figures.meanItems.toFixed(2)} items, RMSE ${figures.rmse.toFixed(3)}, bias ${figures.bias.toFixed(3)} ` +
      `(worst band ${worstBand.toFixed(2)}), 90 % band coverage ${(100 * figures.coverage).toFixed(1)} %, ` +
      `SE stop ${(100 * figures.seStopRate).toFixed(1)} %, exposure max ${(100 * figures.exposureMax).toFixed(1)} % ` +
      `mean ${(100 * figures.exposureMean).toFixed(1)} %`
    );
  };
  for (const { skill, before, after } of result.simulation) {
    lines.push(`${skill} (${after.simulees} simulees each):`);
    lines.push(`  before ${line(before)}`);
    lines.push(`  after  ${line(after)}`);
  }
  for (const chunk of result.chunks)
    lines.push(`${chunk.file}: ${(chunk.gzipBytes / 1024).toFixed(1)} KB gzip`);
  return lines;
}
