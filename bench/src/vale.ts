import type { FakeOpenAi } from '../../server/test/fake-openai.ts';
import { percentile, round } from './stats.ts';

export const VALE_QUESTION = 'How do I prepare for an interview?';

const REQUEST_TIMEOUT_MS = 30_000;

export interface ValeSettings {
  /** Measured requests each way. */
  requests: number;
  /** Requests each way before those, discarded (JIT, connection pools, caches). */
  warmupRequests: number;
}

export interface FirstTokenStats {
  url: string;
  /** What counts as the first token on this path. */
  firstToken: string;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  minMs: number;
  maxMs: number;
}

export interface ValeFirstTokenResult {
  question: string;
  requests: number;
  warmupRequests: number;
  /** The fake upstream's pause after each token it streams. */
  tokenDelayMs: number;
  upstreamTokens: number;
  /** Straight to the OpenAI-compatible upstream. */
  direct: FirstTokenStats;
  /** Through Vale: POST /api/chat/public, which calls that upstream. */
  vale: FirstTokenStats;
  /** Vale's p50 minus the upstream's p50 (and likewise p99): the time Vale adds before the first token. */
  addedP50Ms: number;
  addedP99Ms: number;
  /** The same, request by request: each Vale request less the direct one asked next to it. */
  addedPerPair: AddedTime;
}

export interface AddedTime {
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
}

/**
 * The time Vale adds, pair by pair: the i-th Vale request less the i-th direct one, asked one after the
 * other. A difference of percentiles compares the two paths' slowest moments, which need not be the same
 * moments (its p99 can fall below its p50); a pair shares the machine's moment, so the percentiles of
 * the pairs' differences are those of the added time itself.
 */
export function addedPerPair(direct: readonly number[], vale: readonly number[]): AddedTime {
  if (direct.length !== vale.length) {
    throw new Error(`${vale.length} Vale samples against ${direct.length} direct ones: not pairs`);
  }
  const added = Float64Array.from(vale, (valeMs, i) => valeMs - (direct[i] ?? Number.NaN)).sort();
  return {
    p50Ms: round(percentile(added, 0.5)),
    p99Ms: round(percentile(added, 0.99)),
    meanMs: round(added.reduce((sum, value) => sum + value, 0) / added.length),
  };
}

interface SseEvent {
  event: string;
  data: string;
}

interface Exchange {
  firstTokenMs: number;
  events: SseEvent[];
}

/**
 * Time to first token, sequentially, one request at a time: straight to the fake upstream (POST
 * {baseURL}/chat/completions, until the first chunk with content) and through Vale (POST /api/chat/public,
 * until the first `event: token`). The two kinds alternate, and which goes first alternates, so both see the
 * same conditions. Every stream is read to its end and its whole answer checked, so Vale's figures are
 * those of answers streamed from the upstream (not of its knowledge-base fallback).
 *
 * Vale allows 20 anonymous requests a minute per address: each request comes from its own
 * X-Forwarded-For address (198.18.0.0/15, the benchmarking range), which the server trusts (TRUST_PROXY).
 */
export async function measureValeFirstToken(
  origin: string,
  fake: FakeOpenAi,
  settings: ValeSettings,
  log: (message: string) => void,
): Promise<ValeFirstTokenResult> {
  const directUrl = `${fake.baseURL}/chat/completions`;
  const valeUrl = `${origin}/api/chat/public`;
  const expected = fake.tokens.join('');
  const upstreamBefore = fake.requests.length;
  const abortedBefore = fake.aborted;
  const direct: number[] = [];
  const vale: number[] = [];
  let address = 0;

  const askDirect = async () => {
    const exchange = await exchangeEvents(
      directUrl,
      {},
      { model: 'x', messages: [{ role: 'user', content: VALE_QUESTION }], stream: true },
      (event) => contentOf(event) !== '',
    );
    const answer = exchange.events.map(contentOf).join('');
    if (exchange.events.at(-1)?.data !== '[DONE]' || answer !== expected) {
      throw new Error(`the upstream streamed ${JSON.stringify(answer)}, not ${JSON.stringify(expected)}`);
    }
    return exchange.firstTokenMs;
  };

  const askVale = async () => {
    address += 1;
    const exchange = await exchangeEvents(
      valeUrl,
      { 'x-forwarded-for': benchmarkingAddress(address) },
      { message: VALE_QUESTION },
      (event) => event.event === 'token',
    );
    const [first, last] = [exchange.events[0], exchange.events.at(-1)];
    if (first?.event !== 'meta' || last?.event !== 'done') {
      throw new Error(
        `Vale streamed ${first?.event ?? 'nothing'} … ${last?.event ?? 'nothing'}, not meta … done`,
      );
    }
    const done = JSON.parse(last.data) as { status?: string; groundedOnly?: boolean; content?: string };
    if (done.groundedOnly !== false || done.status !== 'complete' || done.content !== expected) {
      throw new Error(
        `Vale did not relay the upstream's answer (status ${done.status}, groundedOnly ${done.groundedOnly}, ` +
          `content ${JSON.stringify(done.content?.slice(0, 80))})`,
      );
    }
    return exchange.firstTokenMs;
  };

  const total = settings.warmupRequests + settings.requests;
  for (let i = 0; i < total; i += 1) {
    if (i === 0 && settings.warmupRequests > 0)
      log(`Vale: ${settings.warmupRequests} warm-up request(s) each way`);
    if (i === settings.warmupRequests) log(`Vale: ${settings.requests} measured request(s) each way`);
    const measured = i >= settings.warmupRequests;
    const order = i % 2 === 0 ? [askDirect, askVale] : [askVale, askDirect];
    for (const ask of order) {
      const firstTokenMs = await ask();
      if (measured) (ask === askDirect ? direct : vale).push(firstTokenMs);
    }
  }

  const upstreamRequests = fake.requests.length - upstreamBefore;
  if (upstreamRequests !== 2 * total) {
    throw new Error(`the upstream saw ${upstreamRequests} requests, expected ${2 * total}`);
  }
  if (fake.aborted !== abortedBefore) {
    throw new Error(`${fake.aborted - abortedBefore} upstream answer(s) were cut off`);
  }

  const directStats = summarize(directUrl, 'first chunk with delta.content', direct);
  const valeStats = summarize(valeUrl, 'first event: token', vale);
  return {
    question: VALE_QUESTION,
    requests: settings.requests,
    warmupRequests: settings.warmupRequests,
    tokenDelayMs: fake.tokenDelayMs,
    upstreamTokens: fake.tokens.length,
    direct: directStats,
    vale: valeStats,
    addedP50Ms: round(valeStats.p50Ms - directStats.p50Ms),
    addedP99Ms: round(valeStats.p99Ms - directStats.p99Ms),
    addedPerPair: addedPerPair(direct, vale),
  };
}

/** 198.18.0.1, 198.18.0.2, … 198.19.255.255, then over again. */
function benchmarkingAddress(n: number): string {
  const host = n % 2 ** 17;
  return `198.${18 + (host >> 16)}.${(host >> 8) & 255}.${host & 255}`;
}

/** The text of a chat-completions chunk ('' for none, the final chunk and `[DONE]`). */
function contentOf(event: SseEvent): string {
  if (event.data === '[DONE]') return '';
  const chunk = JSON.parse(event.data) as { choices?: { delta?: { content?: string | null } }[] };
  return chunk.choices?.[0]?.delta?.content ?? '';
}

/**
 * POSTs `body` as JSON and reads the server-sent event stream to its end. `firstTokenMs` runs from just
 * before the request to the arrival of the bytes that completed the first event `isToken` accepts.
 */
async function exchangeEvents(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  isToken: (event: SseEvent) => boolean,
): Promise<Exchange> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (response.status !== 200 || !response.body) {
    const text = await response.text();
    throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 200)}`);
  }
  const reader = response.body.getReader();
  let ended = false;
  try {
    const decoder = new TextDecoder();
    const events: SseEvent[] = [];
    let firstTokenMs = Number.NaN;
    let buffered = '';
    for (;;) {
      const chunk = await reader.read();
      const arrivedMs = performance.now() - started;
      if (chunk.done) {
        ended = true;
        break;
      }
      buffered += decoder.decode(chunk.value, { stream: true });
      for (let end = buffered.indexOf('\n\n'); end !== -1; end = buffered.indexOf('\n\n')) {
        const event = parseEvent(buffered.slice(0, end));
        buffered = buffered.slice(end + 2);
        if (!event) continue;
        events.push(event);
        if (Number.isNaN(firstTokenMs) && isToken(event)) firstTokenMs = arrivedMs;
      }
    }
    buffered += decoder.decode();
    if (buffered.trim() !== '') throw new Error(`POST ${url}: the stream ended inside an event`);
    if (Number.isNaN(firstTokenMs)) throw new Error(`POST ${url}: the stream ended without a token`);
    return { firstTokenMs, events };
  } finally {
    // On any failure, release the connection instead of leaving the answer streaming into nowhere.
    if (!ended) await reader.cancel().catch(() => {});
  }
}

/** One event block (no blank line inside); null for a comment-only block. */
function parseEvent(block: string): SseEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
  }
  return data.length === 0 ? null : { event, data: data.join('\n') };
}

function summarize(url: string, firstToken: string, samples: readonly number[]): FirstTokenStats {
  const sorted = Float64Array.from(samples).sort();
  return {
    url,
    firstToken,
    samples: sorted.length,
    p50Ms: round(percentile(sorted, 0.5)),
    p99Ms: round(percentile(sorted, 0.99)),
    meanMs: round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length),
    minMs: round(sorted[0] ?? Number.NaN),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
  };
}
