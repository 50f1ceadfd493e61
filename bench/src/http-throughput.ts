import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BareReady, BareResponse } from './bare-server.ts';
import { onCleanup } from './cleanup.ts';
import { fetchRaw, waitForExit } from './net.ts';
import { readMachineCpuTimes, stealPercentBetween } from './machine-steal.ts';
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
  /** Mean of autocannon's per-second request counts over the measured window. */
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
 * from a bare node:http child process, then load both with autocannon, one after the other, with the same
 * request headers (warm-up run discarded).
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
    try {
      log(`throughput ${endpoint.path}: uplift (${captured.body.length} B, ${contentType})`);
      const uplift = await loadTarget(upliftUrl, headers, load, serverPid);
      log(`throughput ${endpoint.path}: bare node:http`);
      const bareResult = await loadTarget(`${bare.origin}${endpoint.path}`, headers, load, bare.pid);
      const fastify = endpoint.fastifyBaseline
        ? await loadFastifyAlone({ ...answer, framework: 'fastify' }, endpoint.path, headers, load, log)
        : null;
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
        fastify,
      });
    } finally {
      await bare.stop();
    }
  }
  return results;
}

/** Fastify alone, in a child process of its own like the bare server, answering the same bytes. */
async function loadFastifyAlone(
  answer: BareResponse,
  requestPath: string,
  headers: Record<string, string>,
  load: LoadSettings,
  log: (message: string) => void,
): Promise<TargetResult> {
  const server = await startBaseline(answer, requestPath);
  try {
    log(`throughput ${requestPath}: Fastify alone`);
    return await loadTarget(`${server.origin}${requestPath}`, headers, load, server.pid);
  } finally {
    await server.stop();
  }
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

async function loadTarget(
  url: string,
  headers: Record<string, string>,
  load: LoadSettings,
  pid: number,
): Promise<TargetResult> {
  if (load.warmupSeconds > 0) await runAutocannon(url, headers, load.connections, load.warmupSeconds, null);
  const latencies: number[] = [];
  const cpuBefore = await processCpuSeconds(pid);
  const machineBefore = await readMachineCpuTimes();
  const result = await runAutocannon(url, headers, load.connections, load.durationSeconds, latencies);
  const cpuSeconds = (await processCpuSeconds(pid)) - cpuBefore;
  const stealPercent = stealPercentBetween(machineBefore, await readMachineCpuTimes());
  if (result['2xx'] === 0) {
    throw new Error(`${url}: no 2xx response in ${load.durationSeconds} s (${result.errors} errors)`);
  }
  const sorted = Float64Array.from(latencies).sort();
  return {
    url,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: round(percentile(sorted, 0.5)),
    latencyP99Ms: round(percentile(sorted, 0.99)),
    latencyMeanMs: round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length),
    totalRequests: result.requests.total,
    cpuMicrosPerRequest: round((cpuSeconds * 1e6) / Math.max(1, result.requests.total)),
    stealPercent,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
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
