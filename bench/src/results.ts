import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { JavaScriptSize } from './bundle-size.ts';
import type { CsvExportResult } from './csv-export.ts';
import type { EndpointResult } from './http-throughput.ts';
import type { LiveFanoutResult } from './live-fanout.ts';
import type { LighthouseResult, RouteLighthouse } from './lighthouse.ts';
import type { MixedReadsResult } from './mixed-reads.ts';
import type { MixedWritesResult } from './mixed-writes.ts';
import type { RetrievalResult } from './retrieval.ts';
import type { RouteChunksResult } from './route-chunks.ts';
import type { ScaleOutResult } from './scale-out.ts';
import { settingsFromEnv, type BenchSettings } from './settings.ts';
import type { SkillsBenchResult } from './skills.ts';
import type { UploadBenchResult } from './uploads.ts';
import type { ValeFirstTokenResult } from './vale.ts';

export interface SectionError {
  section: string;
  message: string;
}

/** What a run writes to bench/results/latest.json; a section is null when it was not measured. */
export interface BenchResults {
  generatedAt: string;
  wallClockSeconds: number;
  environment: {
    node: string;
    platform: string;
    arch: string;
    cpus: number;
    cpuModel: string;
    totalMemoryMiB: number;
  };
  settings: BenchSettings;
  throughput: EndpointResult[] | null;
  vale: ValeFirstTokenResult | null;
  retrieval: RetrievalResult | null;
  skills: SkillsBenchResult | null;
  routeChunks: RouteChunksResult | null;
  uploads: UploadBenchResult | null;
  liveFanout: LiveFanoutResult | null;
  mixedReads: MixedReadsResult | null;
  mixedWrites: MixedWritesResult | null;
  csvExport: CsvExportResult | null;
  scaleOut: ScaleOutResult | null;
  lighthouse: LighthouseResult | null;
  lighthouseRoutes: RouteLighthouse[] | null;
  javascript: JavaScriptSize | null;
  errors: SectionError[];
}

/** A run's results before anything is measured: this machine, the settings from the environment, no figures. */
export function emptyResults(): BenchResults {
  const settings = settingsFromEnv();
  const cpus = os.cpus();
  return {
    generatedAt: new Date().toISOString(),
    wallClockSeconds: 0,
    environment: {
      node: process.version,
      platform: os.platform(),
      arch: os.arch(),
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      totalMemoryMiB: Math.round(os.totalmem() / 2 ** 20),
    },
    settings,
    throughput: null,
    vale: null,
    retrieval: null,
    skills: null,
    routeChunks: null,
    uploads: null,
    liveFanout: null,
    mixedReads: null,
    mixedWrites: null,
    csvExport: null,
    scaleOut: null,
    lighthouse: null,
    lighthouseRoutes: null,
    javascript: null,
    errors: [],
  };
}

/** Writes the JSON formatted as the repository's Prettier would, so `prettier --check .` stays clean. */
export async function writeResults(file: string, results: BenchResults): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const options = (await resolveConfig(file)) ?? {};
  await writeFile(file, await format(JSON.stringify(results), { ...options, filepath: file }));
}
