import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { onCleanup } from './cleanup.ts';
import { waitForExit } from './net.ts';

export const CATEGORY_IDS = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export interface AuditShortfall {
  category: CategoryId;
  id: string;
  title: string;
  /** 0-100. */
  score: number;
}

export interface LighthouseResult {
  url: string;
  finalUrl: string;
  lighthouseVersion: string;
  formFactor: string;
  throttlingMethod: string;
  /** 0-100 per category; null when Lighthouse could not score it. */
  scores: Record<CategoryId, number | null>;
  /** Scored audits (weight > 0) that did not pass fully: why a category is below 100. */
  shortfalls: AuditShortfall[];
  /** Absolute URLs of every request Lighthouse saw with resourceType "Script", in load order. */
  scriptUrls: string[];
  /** The performance score's main metrics (simulated mobile): null when not measured. */
  metrics: { lcpMs: number | null; tbtMs: number | null; cls: number | null };
  /**
   * Lighthouse's measure of this machine's CPU speed during the run (higher is faster). Simulated throttling
   * multiplies the main thread's observed work by 4 whatever it is, so TBT follows it on shared cores.
   */
  benchmarkIndex: number | null;
  warnings: string[];
}

/** Lighthouse could not measure the page at all (its `runtimeError`), as opposed to measuring it badly. */
class LighthouseRuntimeError extends Error {
  readonly code: string;
  constructor(url: string, code: string, message: string) {
    super(`Lighthouse could not load ${url}: ${code} ${message}`);
    this.code = code;
  }
}

/**
 * Lighthouse's own trace-recording failures: Chromium's trace lacked the navigation's start. Seen about once
 * in a full bench's sixteen runs, on any page; the page is not at fault, so the run is made again once.
 */
const traceRecordingFailures = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);

/** One Lighthouse run with its default (mobile) settings, in a fresh headless system Chromium. */
export async function runLighthouse(url: string, chromePath: string): Promise<LighthouseResult> {
  try {
    return await runLighthouseOnce(url, chromePath);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError) || !traceRecordingFailures.has(error.code)) throw error;
    const result = await runLighthouseOnce(url, chromePath);
    return {
      ...result,
      warnings: [...result.warnings, `run again after ${error.code} (a trace-recording failure)`],
    };
  }
}

async function runLighthouseOnce(url: string, chromePath: string): Promise<LighthouseResult> {
  const chrome = await launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    // This bench stops Chromium itself (cleanup.ts), after the servers it also has to stop.
    handleSIGINT: false,
    logLevel: 'silent',
  });
  const stop = async () => {
    chrome.kill();
    await waitForExit(chrome.process, 10_000);
  };
  const unregister = onCleanup({ run: stop, now: () => chrome.kill() });
  try {
    const runnerResult = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORY_IDS],
    });
    if (!runnerResult) throw new Error('Lighthouse returned no result');
    const lhr = runnerResult.lhr;
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(url, lhr.runtimeError.code, lhr.runtimeError.message);
    }
    const scores = Object.fromEntries(
      CATEGORY_IDS.map((id) => {
        const score = lhr.categories[id]?.score;
        return [id, typeof score === 'number' ? Math.round(score * 100) : null];
      }),
    ) as Record<CategoryId, number | null>;
    return {
      url,
      finalUrl: lhr.finalDisplayedUrl,
      lighthouseVersion: lhr.lighthouseVersion,
      formFactor: lhr.configSettings.formFactor,
      throttlingMethod: lhr.configSettings.throttlingMethod,
      scores,
      shortfalls: CATEGORY_IDS.flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
          const audit = lhr.audits[ref.id];
          if (ref.weight <= 0 || !audit || typeof audit.score !== 'number' || audit.score >= 1) return [];
          return [{ category, id: ref.id, title: audit.title, score: Math.round(audit.score * 100) }];
        }),
      ),
      scriptUrls: scriptUrlsOf(lhr.audits['network-requests']?.details),
      metrics: {
        lcpMs: numericValue(lhr.audits['largest-contentful-paint']),
        tbtMs: numericValue(lhr.audits['total-blocking-time']),
        cls: numericValue(lhr.audits['cumulative-layout-shift']),
      },
      benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
      warnings: lhr.runWarnings.map(String),
    };
  } finally {
    await stop();
    unregister();
  }
}

function numericValue(audit: { numericValue?: number } | undefined): number | null {
  return typeof audit?.numericValue === 'number' ? audit.numericValue : null;
}

/** Issue 17's routes: the first screens members and visitors open. */
export const LIGHTHOUSE_ROUTES = ['/', '/chat', '/community', '/partners', '/skills-public'] as const;
const RUNS_PER_ROUTE = 3;

export interface RouteLighthouse {
  route: string;
  /** Performance scores of every run, in order. */
  performanceRuns: Array<number | null>;
  /** The run with the median performance score: its scores and metrics are the route's. */
  median: LighthouseResult;
}

/** Three runs per route, each in a fresh Chromium; the median run by performance score stands. */
export async function runLighthouseRoutes(origin: string, chromePath: string): Promise<RouteLighthouse[]> {
  const routes: RouteLighthouse[] = [];
  for (const route of LIGHTHOUSE_ROUTES) {
    const runs: LighthouseResult[] = [];
    for (let run = 0; run < RUNS_PER_ROUTE; run += 1)
      runs.push(await runLighthouse(`${origin}${route}`, chromePath));
    const sorted = [...runs].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
    const median = sorted[Math.floor(sorted.length / 2)];
    if (!median) throw new Error(`no Lighthouse run of ${route}`);
    routes.push({ route, performanceRuns: runs.map((run) => run.scores.performance), median });
  }
  return routes;
}

interface NetworkRequestItem {
  url: string;
  resourceType: string;
}

function isNetworkRequestItem(item: unknown): item is NetworkRequestItem {
  if (typeof item !== 'object' || item === null) return false;
  const record = item as Record<string, unknown>;
  return typeof record.url === 'string' && typeof record.resourceType === 'string';
}

function scriptUrlsOf(details: unknown): string[] {
  const items = (details as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) throw new Error('Lighthouse reported no network requests');
  const urls = items
    .filter(isNetworkRequestItem)
    .filter((item) => item.resourceType === 'Script' && /^https?:/.test(item.url))
    .map((item) => item.url);
  return [...new Set(urls)];
}
