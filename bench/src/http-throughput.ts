import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BareReady, BareResponse } from './bare-server.ts';
import { onCleanup } from './cleanup.ts';
import { fetchRaw, waitForExit } from './net.ts';
import {
  cpuTimesBetween,
  readMachineCpuTimes,
  stealPercent,
  sumCpuTimes,
  type MachineCpuTimes,
} from './machine-steal.ts';
import { processCpuSeconds } from './process-cpu.ts';
import { percentile, round } from './stats.ts';

export interface Endpoint {
  path: string;
  description: string;
  /**
   * Sent with every request to the Uplift server, the captured one included (a session cookie, say). The
   * bare server ignores request headers. Only the names reach the results.
   */
  headers?: Record<string, string>;
  /** Also load Fastify alone (one route, the same bytes): how much of the gap to bare is the framework's. */
  fastifyBaseline?: boolean;
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface TargetResult {
  url: string;
  /** Requests completed in the measured window (all turns) over its length as autocannon timed it. */
  requestsPerSecond: number;
  /** Latencies of every response in the measured window (sub-millisecond resolution). */
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMeanMs: number;
  totalRequests: number;
  /**
   * The server process's CPU time (all threads) over the measured window, per request: what a request
   * costs, steadier than requests per second on shared cores, where autocannon competes for the same CPUs.
   */
  cpuMicrosPerRequest: number;
  /** The machine's CPU time its hypervisor gave other guests during the measured window, in percent. */
  stealPercent: number | null;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface EndpointResult {
  path: string;
  description: string;
  contentType: string;
  responseBytes: number;
  /** Names of the request headers sent besides autocannon's defaults (values are never recorded). */
  requestHeaders: string[];
  uplift: TargetResult;
  bare: TargetResult;
  /** uplift / bare requests per second (1 = as fast as bare node:http). */
  rpsRatio: number;
  /** uplift / bare p99 latency (1 = as fast as bare node:http). */
  p99Ratio: number;
  /** uplift / bare CPU time per request (1 = as cheap as bare node:http). */
  cpuRatio: number;
  /** Fastify alone answering the same bytes, for endpoints with `fastifyBaseline`; otherwise null. */
  fastify: TargetResult | null;
}

const bareServerPath = fileURLToPath(new URL('./bare-server.ts', import.meta.url));

/**
 * For each endpoint: capture the real response (with the endpoint's request headers), serve the same bytes
 * from a bare node:http child process (and from Fastify alone, for `fastifyBaseline`), then load them with
 * autocannon in turns (`loadInTurns`), with the same request headers (warm-up runs discarded).
 */
export async function measureThroughput(
  origin: string,
  serverPid: number,
  endpoints: readonly Endpoint[],
  load: LoadSettings,
  log: (message: string) => void,
): Promise<EndpointResult[]> {
  const results: EndpointResult[] = [];
  for (const endpoint of endpoints) {
    const upliftUrl = `${origin}${endpoint.path}`;
    const headers = endpoint.headers ?? {};
    const captured = await fetchRaw(upliftUrl, 10_000, headers);
    if (captured.status !== 200) throw new Error(`GET ${endpoint.path} answered ${captured.status}, not 200`);
    const contentType = captured.headers['content-type'];
    if (!contentType) throw new Error(`GET ${endpoint.path} sent no content-type`);
    if (captured.headers['content-encoding']) {
      throw new Error(`GET ${endpoint.path} was compressed (${captured.headers['content-encoding']})`);
    }

    const answer: BareResponse = {
      status: captured.status,
      contentType,
      bodyBase64: captured.body.toString('base64'),
    };
    const bare = await startBaseline(answer, endpoint.path);
    const fastify = endpoint.fastifyBaseline
      ? await startBaseline({ ...answer, framework: 'fastify' }, endpoint.path).catch(
          async (error: unknown) => {
            await bare.stop();
            throw error;
          },
        )
      : null;
    try {
      const names = ['uplift', 'bare node:http', ...(fastify ? ['Fastify alone'] : [])].join(', ');
      log(`throughput ${endpoint.path} (${captured.body.length} B, ${contentType}): ${names}, in turns`);
      const [uplift, bareResult, fastifyResult] = await loadInTurns(
        [
          { url: upliftUrl, pid: serverPid },
          { url: `${bare.origin}${endpoint.path}`, pid: bare.pid },
          ...(fastify ? [{ url: `${fastify.origin}${endpoint.path}`, pid: fastify.pid }] : []),
        ],
        headers,
        load,
      );
      if (!uplift || !bareResult) throw new Error(`${endpoint.path}: a target was not measured`);
      results.push({
        path: endpoint.path,
        description: endpoint.description,
        contentType,
        responseBytes: captured.body.length,
        requestHeaders: Object.keys(headers),
        uplift,
        bare: bareResult,
        rpsRatio: uplift.requestsPerSecond / bareResult.requestsPerSecond,
        p99Ratio: uplift.latencyP99Ms / bareResult.latencyP99Ms,
        cpuRatio: uplift.cpuMicrosPerRequest / bareResult.cpuMicrosPerRequest,
        fastify: fastifyResult ?? null,
      });
    } finally {
      await Promise.all([bare.stop(), fastify?.stop()]);
    }
  }
  return results;
}

/** A baseline server, once it is seen to answer `requestPath` with the very bytes and content-type. */
async function startBaseline(answer: BareResponse, requestPath: string): Promise<BareServer> {
  const server = await startBareServer(answer);
  const echoed = await fetchRaw(`${server.origin}${requestPath}`).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  if (
    !echoed.body.equals(Buffer.from(answer.bodyBase64, 'base64')) ||
    echoed.headers['content-type'] !== answer.contentType
  ) {
    await server.stop();
    throw new Error(
      `the ${answer.framework ?? 'bare'} server does not answer the same bytes as ${requestPath}`,
    );
  }
  return server;
}

/**
 * Each target's measured window is cut into this many turns, taken in rotation with the other targets'.
 * Measured one after the other, a side could land in a minute of heavy steal (machine-steal.ts) and the
 * other in a quiet one; in turns, both meet the same machine.
 */
export const TURNS = 3;

export interface Target {
  url: string;
  /** The process that answers it, whose CPU time is counted. */
  pid: number;
}

interface Turn {
  result: autocannon.Result;
  latencies: number[];
  cpuSeconds: number;
  machine: MachineCpuTimes | null;
}

/**
 * Loads the targets in turns: each is warmed up, then each gets `TURNS` runs of an equal share of the
 * measured window, in rotation (uplift, bare, uplift, bare…). The results are each target's turns together.
 */
export async function loadInTurns(
  targets: readonly Target[],
  headers: Record<string, string>,
  load: LoadSettings,
): Promise<TargetResult[]> {
  for (const target of targets) {
    if (load.warmupSeconds > 0) {
      await runAutocannon(target.url, headers, load.connections, load.warmupSeconds, null);
    }
  }
  const turnSeconds = load.durationSeconds / TURNS;
  const turns = targets.map((): Turn[] => []);
  for (let round = 0; round < TURNS; round += 1) {
    for (const [index, target] of targets.entries()) {
      turns[index]?.push(await loadTurn(target, headers, load.connections, turnSeconds));
    }
  }
  return targets.map((target, index) => summariseTurns(target.url, turns[index] ?? []));
}

async function loadTurn(
  target: Target,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<Turn> {
  const latencies: number[] = [];
  const cpuBefore = await processCpuSeconds(target.pid);
  const machineBefore = await readMachineCpuTimes();
  const result = await runAutocannon(target.url, headers, connections, seconds, latencies);
  const machine = cpuTimesBetween(machineBefore, await readMachineCpuTimes());
  const cpuSeconds = (await processCpuSeconds(target.pid)) - cpuBefore;
  return { result, latencies, cpuSeconds, machine };
}

function summariseTurns(url: string, turns: readonly Turn[]): TargetResult {
  const sum = (pick: (turn: Turn) => number) => turns.reduce((total, turn) => total + pick(turn), 0);
  // As autocannon timed each run: it stops on its next one-second tick, so a run may outlast its share.
  const seconds = sum((turn) => turn.result.duration);
  if (sum((turn) => turn.result['2xx']) === 0) {
    throw new Error(`${url}: no 2xx response in ${seconds} s (${sum((turn) => turn.result.errors)} errors)`);
  }
  const totalRequests = sum((turn) => turn.result.requests.total);
  const sorted = Float64Array.from(turns.flatMap((turn) => turn.latencies)).sort();
  return {
    url,
    requestsPerSecond: totalRequests / Math.max(seconds, Number.EPSILON),
    latencyP50Ms: round(percentile(sorted, 0.5)),
    latencyP99Ms: round(percentile(sorted, 0.99)),
    latencyMeanMs: round(sorted.reduce((total, value) => total + value, 0) / sorted.length),
    totalRequests,
    cpuMicrosPerRequest: round((sum((turn) => turn.cpuSeconds) * 1e6) / Math.max(1, totalRequests)),
    stealPercent: stealPercent(sumCpuTimes(turns.map((turn) => turn.machine))),
    non2xx: sum((turn) => turn.result.non2xx),
    errors: sum((turn) => turn.result.errors),
    timeouts: sum((turn) => turn.result.timeouts),
  };
}

/**
 * One autocannon run. autocannon's own latency histogram has 1 ms resolution, too coarse on loopback (the bare
 * server's p99 rounds to 0), so each response time (hrtime, in ms) is also collected into `latencies`.
 */
function runAutocannon(
  url: string,
  headers: Record<string, string>,
  connections: number,
  durationSeconds: number,
  latencies: number[] | null,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, headers, connections, duration: durationSeconds },
      (error: unknown, result) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(result);
      },
    );
    if (latencies) {
      instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    }
  });
}

interface BareServer {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

async function startBareServer(response: BareResponse): Promise<BareServer> {
  const child = fork(bareServerPath, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 5_000))) child.kill('SIGKILL');
    }
  };
  const unregister = onCleanup({ run: stop, now: () => child.kill('SIGKILL') });
  try {
    const port = await waitForPort(child, response);
    return {
      origin: `http://127.0.0.1:${port}`,
      pid: child.pid ?? -1,
      async stop() {
        await stop();
        unregister();
      },
    };
  } catch (error) {
    await stop();
    unregister();
    throw error;
  }
}

function waitForPort(child: ChildProcess, response: BareResponse): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('the bare server did not start within 10 s')), 10_000);
    const onMessage = (message: BareReady) => {
      cleanup();
      resolve(message.port);
    };
    const onExit = (code: number | null) => fail(new Error(`the bare server exited early (code ${code})`));
    const fail = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', fail);
    };
    child.once('message', onMessage);
    child.once('exit', onExit);
    child.once('error', fail);
    child.send(response);
  });
}
