import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { percentile, round } from './stats.ts';

/**
 * Live fan-out: `clients` anonymous readers hold `GET /api/events` open (each from its own
 * X-Forwarded-For address, as the server trusts loopback, so the per-address cap of 20 streams does not
 * apply), then members publish posts one after another. For each post and each reader: the time from the
 * post's creation (its `createdAt`, stamped by PostgreSQL on this machine, so the same clock) to the
 * `community.post.created` event arriving at that reader. The path: insert and NOTIFY in one transaction,
 * LISTEN in the server, one write per open stream.
 *
 * Alongside each post, members send direct messages (issue 45.6): each publishes private events to its two
 * members, which the same bus hands out and every stream must filter. They travel with the posts, not
 * after them, so the figures include their cost; no reader here may receive one.
 */

export interface LiveFanoutResult {
  clients: number;
  posts: number;
  /** Deliveries measured: posts × clients, less any that never arrived. */
  deliveries: number;
  missed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Per post, the time until the last reader had it. */
  lastArrivalP50Ms: number;
  /** Direct messages sent while the posts went out. */
  messages: number;
  /** Message events that reached an anonymous reader: must be 0 (they are the two members' own). */
  privateLeaks: number;
}

/** Posting is limited to 10 an hour per member: a new member for every 10 posts. */
const postsPerMember = 10;
/** Direct messages sent alongside each post. */
const messagesPerPost = 2;
/** Sending is limited to 30 messages a minute per address: a new sender, at its own address, for every 25. */
const messagesPerSender = 25;
const deliveryTimeoutMs = 10_000;

const now = () => performance.timeOrigin + performance.now();

/** A distinct loopback-forwarded address per reader or member (rate limits and caps are per address). */
const address = (n: number) => `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;

interface Reader {
  arrivals: Map<string, number>;
  /** Message events received (there must be none). */
  privateEvents: number;
  close(): void;
}

function openReader(origin: string, n: number, onArrival: () => void): Promise<Reader> {
  return new Promise((resolve, reject) => {
    const arrivals = new Map<string, number>();
    const reader = { arrivals, privateEvents: 0, close: () => request.destroy() };
    const request = http.get(
      `${origin}/api/events`,
      { agent: false, headers: { accept: 'text/event-stream', 'x-forwarded-for': address(n) } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`reader ${n}: GET /api/events answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        let connected = false;
        response.on('data', (chunk: string) => {
          const at = now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!connected && frame.includes(': connected')) {
              connected = true;
              resolve(reader);
            }
            for (const line of frame.split('\n')) {
              if (!line.startsWith('data: ')) continue;
              const event = JSON.parse(line.slice(6)) as { type: string; data: { postId?: string } };
              if (event.type === 'messages.changed') reader.privateEvents += 1;
              if (event.type === 'community.post.created' && event.data.postId) {
                arrivals.set(event.data.postId, at);
                onArrival();
              }
            }
          }
        });
      },
    );
    request.on('error', reject);
  });
}

async function json(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** A new member, signed in: the `cookie` header for their session, and their id. */
async function newMember(origin: string, n: number): Promise<{ cookie: string; id: string }> {
  const tag = randomBytes(6).toString('hex');
  const credentials = { email: `fanout-${tag}@bench.example.test`, password: `fanout-${tag}-lantern` };
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': address(10_000 + n) };
  const registered = (await json(
    await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...credentials, displayName: `Fan-out bench ${n + 1}` }),
    }),
    'POST /api/auth/register',
  )) as { user: { id: string } };
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify(credentials),
  });
  await json(login, 'POST /api/auth/login');
  const cookie = login.headers.getSetCookie().find((value) => value.startsWith('uplift_session='));
  if (!cookie) throw new Error('POST /api/auth/login set no session cookie');
  return { cookie: cookie.split(';', 1)[0] ?? cookie, id: registered.user.id };
}

/** One direct message from sender number `sender` (its own address: limits are per address) to `recipientId`. */
async function sendMessage(
  origin: string,
  sender: { cookie: string; n: number },
  recipientId: string,
  index: number,
) {
  await json(
    await fetch(`${origin}/api/messages/with/${recipientId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: sender.cookie,
        'x-forwarded-for': address(20_000 + sender.n),
      },
      body: JSON.stringify({ body: `Fan-out bench message ${index + 1}` }),
    }),
    'POST /api/messages/with/:memberId',
  );
}

export async function measureLiveFanout(
  origin: string,
  { clients = 200, posts = 20 }: { clients?: number; posts?: number } = {},
): Promise<LiveFanoutResult> {
  let waiter: (() => void) | null = null;
  const readers: Reader[] = [];
  try {
    // Opened in batches: 200 connections at once would mostly measure the accept queue.
    for (let start = 0; start < clients; start += 20) {
      const batch = Array.from({ length: Math.min(20, clients - start) }, (_, i) =>
        openReader(origin, start + i, () => waiter?.()),
      );
      readers.push(...(await Promise.all(batch)));
    }
    const members: string[] = [];
    for (let n = 0; n * postsPerMember < posts; n += 1) members.push((await newMember(origin, n)).cookie);
    const recipient = await newMember(origin, members.length);
    const senders: string[] = [];
    for (let n = 0; n * messagesPerSender < posts * messagesPerPost; n += 1)
      senders.push((await newMember(origin, members.length + 1 + n)).cookie);
    let messagesSent = 0;

    const latencies: number[] = [];
    const lastArrivals: number[] = [];
    let missed = 0;
    for (let index = 0; index < posts; index += 1) {
      const cookie = members[Math.floor(index / postsPerMember)] ?? '';
      const messages = Array.from({ length: messagesPerPost }, () => {
        const n = messagesSent++;
        const sender = Math.floor(n / messagesPerSender);
        return sendMessage(origin, { cookie: senders[sender] ?? '', n: sender }, recipient.id, n);
      });
      const created = (await json(
        await fetch(`${origin}/api/community/posts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ topicId: 'wins', body: `Fan-out bench post ${index + 1}` }),
        }),
        'POST /api/community/posts',
      )) as { id: string; createdAt: string };
      const allArrived = () => readers.every((reader) => reader.arrivals.has(created.id));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, deliveryTimeoutMs);
        function done() {
          clearTimeout(timer);
          waiter = null;
          resolve();
        }
        waiter = () => allArrived() && done();
        waiter();
      });
      const createdAt = Date.parse(created.createdAt);
      let last = 0;
      for (const reader of readers) {
        const at = reader.arrivals.get(created.id);
        reader.arrivals.delete(created.id);
        if (at === undefined) {
          missed += 1;
          continue;
        }
        latencies.push(at - createdAt);
        last = Math.max(last, at - createdAt);
      }
      lastArrivals.push(last);
      await Promise.all(messages);
    }
    const sorted = Float64Array.from(latencies).sort();
    const lastSorted = Float64Array.from(lastArrivals).sort();
    return {
      clients,
      posts,
      deliveries: latencies.length,
      missed,
      p50Ms: round(percentile(sorted, 0.5)),
      p99Ms: round(percentile(sorted, 0.99)),
      maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
      lastArrivalP50Ms: round(percentile(lastSorted, 0.5)),
      messages: messagesSent,
      privateLeaks: readers.reduce((sum, reader) => sum + reader.privateEvents, 0),
    };
  } finally {
    for (const reader of readers) reader.close();
  }
}

export function formatLiveFanout(result: LiveFanoutResult): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    `  ${result.clients} readers x ${result.posts} posts = ${result.deliveries} deliveries` +
      (result.missed > 0 ? ` (${result.missed} MISSED within ${deliveryTimeoutMs / 1000} s)` : ''),
    `  creation -> arrival: p50 ${ms(result.p50Ms)}, p99 ${ms(result.p99Ms)}, max ${ms(result.maxMs)}; ` +
      `last reader of a post, p50 ${ms(result.lastArrivalP50Ms)}`,
    `  with ${result.messages} direct messages sent alongside; message events at these readers: ` +
      `${result.privateLeaks}${result.privateLeaks > 0 ? " (LEAKED: they are the two members' own)" : ''}`,
  ];
}
