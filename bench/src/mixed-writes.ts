import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { communityLimits, skillAreaIds } from '@uplift/contracts';
import { cpuTimesBetween, readMachineCpuTimes, stealPercent } from './machine-steal.ts';
import { BROWSER_ACCEPT_ENCODING, MIXED_READ_PATHS } from './mixed-reads.ts';
import { percent } from './report/units.ts';
import { percentile } from './stats.ts';
import { watchResidentPeak } from './uploads.ts';

/**
 * Mixed reads and writes: each connection is one member's, signed up through the API before the load (its
 * own session cookie and its own X-Forwarded-For address, as the server trusts loopback and limits some
 * writes per address), and sends, in turn, the public reads of the mixed-reads load (anonymous and
 * compressed, as there) with one write after every four reads: 20 % writes. The writes rotate through
 * answering its assessment, reacting to another member's post, saving video progress and publishing a post;
 * posting is limited per member (`communityLimits.postsPerHour`), so once a member has used its budget its
 * turn to post goes to the next write instead. Each write carries a fresh Idempotency-Key.
 *
 * autocannon resets a connection's context each time it wraps around its requests, so it cannot keep a
 * member's session and its assessment from one cycle to the next: this is a small closed-loop loader on
 * node:http, one keep-alive socket per connection, one request in flight on each.
 */

export type WriteKind = 'answer' | 'reaction' | 'progress' | 'post';

/** The writes in the order a connection takes them (one every `READS_PER_WRITE` reads). */
export const WRITE_ROTATION: readonly WriteKind[] = ['answer', 'reaction', 'progress', 'post'];
/** Four reads, then one write: 80 % reads. */
export const READS_PER_WRITE = 4;

/**
 * The connection's `n`-th request (from 0): a read of `MIXED_READ_PATHS` or its `writes`-th write, posting
 * only while `postsLeft`.
 */
export function nextRequest(
  n: number,
  writes: number,
  postsLeft: boolean,
): { kind: 'read'; path: string } | { kind: 'write'; write: WriteKind } {
  if (n % (READS_PER_WRITE + 1) !== READS_PER_WRITE) {
    const reads = n - Math.floor(n / (READS_PER_WRITE + 1));
    return { kind: 'read', path: MIXED_READ_PATHS[reads % MIXED_READ_PATHS.length] ?? MIXED_READ_PATHS[0] };
  }
  const write = WRITE_ROTATION[writes % WRITE_ROTATION.length] ?? 'answer';
  if (write === 'post' && !postsLeft)
    return { kind: 'write', write: WRITE_ROTATION[(writes + 1) % WRITE_ROTATION.length] ?? 'answer' };
  return { kind: 'write', write };
}

export interface StatusCounts {
  ok: number;
  throttled: number;
  otherClientErrors: number;
  serverErrors: number;
}

/** Adds one answer's status: 429 apart from the other 4xx. */
export function countStatus(counts: StatusCounts, status: number): void {
  if (status === 429) counts.throttled += 1;
  else if (status >= 500) counts.serverErrors += 1;
  else if (status >= 400) counts.otherClientErrors += 1;
  else counts.ok += 1;
}

const emptyCounts = (): StatusCounts => ({ ok: 0, throttled: 0, otherClientErrors: 0, serverErrors: 0 });

/** Issue 40's goal for this load on the bench machine. */
const P99_GOAL_MS = 100;
const REQUEST_TIMEOUT_MS = 10_000;

export interface MixedWritesResult {
  connections: number;
  durationSeconds: number;
  members: number;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Connection errors and timeouts: requests that got no answer. */
  errors: number;
  timeouts: number;
  reads: StatusCounts;
  writes: Record<WriteKind, StatusCounts>;
  /** Assessments started during the load (an answer's turn when the member had none in progress). */
  assessmentsStarted: number;
  writeLatencyP99Ms: number;
  readLatencyP99Ms: number;
  /** p99 of each kind of write, in ms. */
  writeKindP99Ms: Record<WriteKind, number>;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  stealPercent: number | null;
  /** The machine's 1-minute load average as the load ended, and its CPU count: what else was running. */
  loadAverage: number;
  cpus: number;
  p99GoalMs: number;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

class TimeoutError extends Error {
  constructor() {
    super(`no answer within ${REQUEST_TIMEOUT_MS} ms`);
  }
}

function send(
  origin: string,
  agent: http.Agent | undefined,
  method: string,
  path: string,
  headers: http.OutgoingHttpHeaders,
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}${path}`,
      {
        method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: payload
          ? { ...headers, 'content-type': 'application/json', 'content-length': payload.length }
          : headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new TimeoutError()));
    request.on('error', reject);
    request.end(payload);
  });
}

function parsed<T>(answer: Answer, what: string, status = 200): T {
  if (answer.status !== status) {
    throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  }
  return JSON.parse(answer.body) as T;
}

/** A distinct loopback-forwarded address per member (some write limits are per address). */
const address = (n: number) => `10.88.${Math.floor(n / 250)}.${(n % 250) + 1}`;

interface AssessmentState {
  id: string;
  status: 'in-progress' | 'completed';
  item: { id: string } | null;
}

interface Member {
  n: number;
  headers: http.OutgoingHttpHeaders;
  /** Their own post, made before the load (one of their posting budget); others react to it. */
  ownPostId: string;
  posts: number;
  reactions: number;
  attempt: AssessmentState | null;
  /** Attempts asked for so far: each asks for the next skill, so retakes wait as long as they can. */
  attemptsStarted: number;
  progressSeconds: number;
}

/**
 * A new member (POST /api/auth/register signs in and sets the session cookie) with a post of their own.
 * Registration is limited per address: each member has their own.
 */
async function newMember(origin: string, n: number, topicId: string): Promise<Member> {
  const tag = randomBytes(6).toString('hex');
  const forwarded = { 'x-forwarded-for': address(n) };
  const registered = await send(origin, undefined, 'POST', '/api/auth/register', forwarded, {
    email: `mixed-${tag}@bench.example.test`,
    password: `mixed-${tag}-lantern`,
    displayName: `Mixed bench ${n + 1}`,
  });
  parsed(registered, 'POST /api/auth/register', 201);
  const session = registered.headers['set-cookie']?.find((cookie) => cookie.startsWith('uplift_session='));
  if (!session) throw new Error('POST /api/auth/register set no uplift_session cookie');
  const headers = { ...forwarded, cookie: session.split(';', 1)[0] ?? session };
  const post = parsed<{ id: string }>(
    await send(
      origin,
      undefined,
      'POST',
      '/api/community/posts',
      { ...headers, 'idempotency-key': randomUUID() },
      { topicId, body: `Mixed load bench: member ${n + 1} says hello.` },
    ),
    'POST /api/community/posts',
    201,
  );
  return {
    n,
    headers,
    ownPostId: post.id,
    posts: 1,
    reactions: 0,
    attempt: null,
    attemptsStarted: 0,
    progressSeconds: 0,
  };
}

const REACTION_KINDS = ['like', 'celebrate', 'insightful', 'support'] as const;

/** What a connection's write sends, from its member's state (and another member's post to react to). */
function writeRequest(
  member: Member,
  kind: WriteKind,
  context: { otherPostId: string; videoId: string; skill: string; topicId: string },
): { method: string; path: string; body?: unknown; start?: true } {
  switch (kind) {
    case 'answer':
      if (!member.attempt?.item || member.attempt.status !== 'in-progress') {
        return {
          method: 'POST',
          path: '/api/skills/assessments',
          body: { skills: [context.skill] },
          start: true,
        };
      }
      return {
        method: 'POST',
        path: `/api/skills/assessments/${member.attempt.id}/answers`,
        body: { itemId: member.attempt.item.id, choice: member.reactions % 4, timeSpentMs: 4000 },
      };
    case 'reaction': {
      const reaction = REACTION_KINDS[Math.floor(member.reactions / 2) % REACTION_KINDS.length];
      // Put on, then taken back: each is a change.
      const method = member.reactions % 2 === 0 ? 'PUT' : 'DELETE';
      return { method, path: `/api/community/posts/${context.otherPostId}/reactions/${reaction}` };
    }
    case 'progress':
      return {
        method: 'PUT',
        path: `/api/videos/${context.videoId}/progress`,
        body: { positionSeconds: member.progressSeconds + 5, watchedDeltaSeconds: 5 },
      };
    case 'post':
      return {
        method: 'POST',
        path: '/api/community/posts',
        body: {
          topicId: context.topicId,
          body: `Mixed load bench: member ${member.n + 1}, post ${member.posts + 1}.`,
        },
      };
  }
}

interface Tally {
  latencies: number[];
  readLatencies: number[];
  writeLatencies: Record<WriteKind, number[]>;
  errors: number;
  timeouts: number;
  reads: StatusCounts;
  writes: Record<WriteKind, StatusCounts>;
  assessmentsStarted: number;
}

/** One connection: its member's requests one after another until `deadline` (a performance.now() time). */
async function runConnection(
  origin: string,
  member: Member,
  members: Member[],
  shared: { videoIds: string[]; topicId: string },
  deadline: number,
  tally: Tally,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const readHeaders = {
    'accept-encoding': BROWSER_ACCEPT_ENCODING,
    'x-forwarded-for': member.headers['x-forwarded-for'],
  };
  const postsPerMember = communityLimits.postsPerHour;
  // Each connection starts its reads at its own place, as members do not all open the same page at once.
  let n = member.n * (READS_PER_WRITE + 1);
  let writes = 0;
  try {
    while (performance.now() < deadline) {
      const next = nextRequest(n, writes, member.posts < postsPerMember);
      n += 1;
      let request: { method: string; path: string; body?: unknown; start?: true };
      let headers: http.OutgoingHttpHeaders;
      if (next.kind === 'read') {
        request = { method: 'GET', path: next.path };
        headers = readHeaders;
      } else {
        writes += 1;
        const other =
          members[(member.n + 1 + (writes % (members.length - 1 || 1))) % members.length] ?? member;
        request = writeRequest(member, next.write, {
          otherPostId: other.ownPostId,
          videoId: shared.videoIds[member.n % shared.videoIds.length] ?? '',
          skill: skillAreaIds[(member.n + member.attemptsStarted) % skillAreaIds.length] ?? skillAreaIds[0],
          topicId: shared.topicId,
        });
        headers = { ...member.headers, 'idempotency-key': randomUUID() };
      }
      const started = performance.now();
      let answer: Answer;
      try {
        answer = await send(origin, agent, request.method, request.path, headers, request.body);
      } catch (error) {
        if (error instanceof TimeoutError) tally.timeouts += 1;
        else tally.errors += 1;
        continue;
      }
      const ms = performance.now() - started;
      tally.latencies.push(ms);
      if (next.kind === 'read') {
        tally.readLatencies.push(ms);
        countStatus(tally.reads, answer.status);
        continue;
      }
      tally.writeLatencies[next.write].push(ms);
      countStatus(tally.writes[next.write], answer.status);
      const ok = answer.status >= 200 && answer.status < 300;
      switch (next.write) {
        case 'answer':
          if (request.start) {
            member.attemptsStarted += 1;
            if (ok) tally.assessmentsStarted += 1;
          }
          if (ok) member.attempt = JSON.parse(answer.body) as AssessmentState;
          // Refused (not throttled or failed: that answer is sent again): another attempt next time.
          else if (answer.status !== 429 && answer.status < 500) member.attempt = null;
          break;
        case 'reaction':
          if (ok) member.reactions += 1;
          break;
        case 'progress':
          if (ok) member.progressSeconds += 5;
          break;
        case 'post':
          member.posts += 1;
          break;
      }
    }
  } finally {
    agent.destroy();
  }
}

/**
 * `connections` members, signed up first, each on its own connection for `durationSeconds`: four public
 * reads, then one write, in turn; the server's resident memory sampled every 250 ms.
 */
export async function measureMixedWrites(
  origin: string,
  pid: number,
  { connections, durationSeconds }: { connections: number; durationSeconds: number },
  log: (message: string) => void = () => {},
): Promise<MixedWritesResult> {
  const topics = parsed<{ items: { id: string }[] }>(
    await send(origin, undefined, 'GET', '/api/community/topics', {}),
    'GET /api/community/topics',
  );
  const topicId = topics.items[0]?.id;
  if (!topicId) throw new Error('GET /api/community/topics answered no topic to post in');
  const videos = parsed<{ items: { id: string; premium: boolean }[] }>(
    await send(origin, undefined, 'GET', '/api/videos/featured', {}),
    'GET /api/videos/featured',
  );
  const videoIds = videos.items.filter((video) => !video.premium).map((video) => video.id);
  if (videoIds.length === 0) throw new Error('GET /api/videos/featured answered no free video to watch');

  log(`signing up ${connections} members (one per connection), each with a post of their own`);
  const members: Member[] = [];
  // A few at a time: the sign-ups are set-up, not the load.
  for (let start = 0; start < connections; start += 10) {
    const batch = Array.from({ length: Math.min(10, connections - start) }, (_, i) =>
      newMember(origin, start + i, topicId),
    );
    members.push(...(await Promise.all(batch)));
  }

  const tally: Tally = {
    latencies: [],
    readLatencies: [],
    writeLatencies: { answer: [], reaction: [], progress: [], post: [] },
    errors: 0,
    timeouts: 0,
    reads: emptyCounts(),
    writes: { answer: emptyCounts(), reaction: emptyCounts(), progress: emptyCounts(), post: emptyCounts() },
    assessmentsStarted: 0,
  };
  const rss = await watchResidentPeak(pid);
  try {
    const machineBefore = await readMachineCpuTimes();
    const startedAt = performance.now();
    const deadline = startedAt + durationSeconds * 1000;
    await Promise.all(
      members.map((member) => runConnection(origin, member, members, { videoIds, topicId }, deadline, tally)),
    );
    const elapsedSeconds = (performance.now() - startedAt) / 1000;
    const steal = stealPercent(cpuTimesBetween(machineBefore, await readMachineCpuTimes()));
    const sorted = Float64Array.from(tally.latencies).sort();
    const round1 = (value: number) => Math.round(value * 10) / 10;
    const p99 = (values: number[]) => round1(percentile(Float64Array.from(values).sort(), 0.99));
    const { answer, reaction, progress, post } = tally.writeLatencies;
    return {
      connections,
      durationSeconds,
      members: members.length,
      requests: tally.latencies.length,
      requestsPerSecond: Math.round(tally.latencies.length / elapsedSeconds),
      latencyP50Ms: round1(percentile(sorted, 0.5)),
      latencyP99Ms: round1(percentile(sorted, 0.99)),
      errors: tally.errors + tally.timeouts,
      timeouts: tally.timeouts,
      reads: tally.reads,
      writes: tally.writes,
      assessmentsStarted: tally.assessmentsStarted,
      writeLatencyP99Ms: p99([...answer, ...reaction, ...progress, ...post]),
      readLatencyP99Ms: p99(tally.readLatencies),
      writeKindP99Ms: {
        answer: p99(answer),
        reaction: p99(reaction),
        progress: p99(progress),
        post: p99(post),
      },
      rssBeforeMiB: Math.round(rss.beforeMiB),
      rssPeakMiB: Math.round(rss.peakMiB),
      stealPercent: steal,
      loadAverage: Math.round((os.loadavg()[0] ?? 0) * 10) / 10,
      cpus: os.availableParallelism(),
      p99GoalMs: P99_GOAL_MS,
    };
  } finally {
    rss.stop();
  }
}

/** The statuses of every write, added up. */
export function sumCounts(counts: readonly StatusCounts[]): StatusCounts {
  const total = emptyCounts();
  for (const count of counts) {
    total.ok += count.ok;
    total.throttled += count.throttled;
    total.otherClientErrors += count.otherClientErrors;
    total.serverErrors += count.serverErrors;
  }
  return total;
}

export function formatMixedWrites(result: MixedWritesResult): string[] {
  const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');
  const writes = sumCounts(Object.values(result.writes));
  const all = sumCounts([writes, result.reads]);
  const byKind = WRITE_ROTATION.map((kind) => {
    const count = result.writes[kind];
    const sent = count.ok + count.throttled + count.otherClientErrors + count.serverErrors;
    return `${kind} ${sent}, p99 ${result.writeKindP99Ms[kind]} ms (${count.throttled} 429, ${count.otherClientErrors} other 4xx, ${count.serverErrors} 5xx)`;
  });
  return [
    '',
    `Mixed reads and writes: ${result.connections} connections for ${result.durationSeconds} s, one signed-up ` +
      `member each; 4 public reads (anonymous, compressed) then 1 write, in turn (80/20)`,
    `  ${result.requestsPerSecond} req/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms ` +
      `(${verdict(result.latencyP99Ms < result.p99GoalMs)} the ${result.p99GoalMs} ms goal; p99 of reads ` +
      `${result.readLatencyP99Ms} ms, of writes ${result.writeLatencyP99Ms} ms), ${result.errors} errors (${result.timeouts} timeouts) ` +
      `(${verdict(result.errors === 0)} the goal of none); hypervisor steal ${percent(result.stealPercent)} ` +
      `of the machine's CPU time, load average ${result.loadAverage} on ${result.cpus} CPUs`,
    `  ${result.requests} answers: ${all.serverErrors} 5xx, ${all.throttled} 429 (throttled), ` +
      `${all.otherClientErrors} other 4xx; reads ${result.reads.serverErrors} 5xx, ${result.reads.throttled} 429, ` +
      `${result.reads.otherClientErrors} other 4xx`,
    `  writes: ${byKind.join('; ')}; ${result.assessmentsStarted} assessments started`,
    `  server RSS ${result.rssBeforeMiB} MiB before, peak ${result.rssPeakMiB} MiB`,
  ];
}
