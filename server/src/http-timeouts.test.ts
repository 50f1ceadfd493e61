import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  profileImageResponseSchema,
  profileUploadLimits,
  videoUploadLimits,
} from '@uplift/contracts';
import { signedInAs } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';
import { multipartContentType, multipartFile } from '../test/multipart.ts';
import { postHead, sendThrottled } from '../test/throttled-body.ts';
import { loadConfig } from './config.ts';
import { seedKnowledgePoints } from './seed/knowledge.ts';
import { uploadCeilingMs } from './modules/uploads/index.ts';

const requestTimeoutMs = 1_000;
const headersTimeoutMs = 600;
// Node checks its connections' time-outs once a second (connectionsCheckingInterval).
const checkIntervalMs = 1_000;
// Upload routes: cut off after this long without a byte, and after the route's ceiling whatever the pace
// (its size limit at the slowest pace allowed: a 10 MB photo's ceiling is five seconds here).
const uploadStallMs = 1_000;
const photoCeilingMs = 5_000;
const uploadMinBytesPerSecond = profileUploadLimits.maxBytes / (photoCeilingMs / 1_000);

/**
 * Opens a raw connection that sends `head` at once and then one byte of `trickle` every 200 ms, and
 * reports when the server closed it and what it answered first.
 */
function trickle(port: number, head: string, rest: string) {
  return new Promise<{ afterMs: number; answer: string }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < rest.length && socket.writable) socket.write(rest[sent++]!);
    }, 200);
    socket.on('connect', () => socket.write(head));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ afterMs: Date.now() - started, answer });
    });
  });
}

describe('upload ceilings by default', () => {
  it('let a 7 MB photo through at 50 KB/s and a 200 MB video at 1 MB/s', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const timeouts = {
      stallMs: config.UPLOAD_STALL_TIMEOUT_MS,
      minBytesPerSecond: config.UPLOAD_MIN_BYTES_PER_SECOND,
    };
    expect(uploadCeilingMs(profileUploadLimits.maxBytes, timeouts)).toBeGreaterThan(
      (7_000_000 / 50_000) * 1_000,
    );
    expect(videoUploadLimits.mediaMaxBytes).toBe(200 * 1024 * 1024);
    expect(uploadCeilingMs(videoUploadLimits.mediaMaxBytes, timeouts)).toBeGreaterThan(
      (videoUploadLimits.mediaMaxBytes / 1_000_000) * 1_000,
    );
  });
});

describe('slow clients', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let port: number;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({
      REQUEST_TIMEOUT_MS: String(requestTimeoutMs),
      HEADERS_TIMEOUT_MS: String(headersTimeoutMs),
      UPLOAD_STALL_TIMEOUT_MS: String(uploadStallMs),
      UPLOAD_MIN_BYTES_PER_SECOND: String(uploadMinBytesPerSecond),
      VALE_BASE_URL: fake.baseURL,
    });
    // The knowledge base, so the question is on topic and the model streams its answer (off topic, Vale
    // answers at once without asking it).
    await seedKnowledgePoints(t.db);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('closes a connection that trickles its body one byte at a time, after the request time-out', async () => {
    const body = JSON.stringify({ email: 'slow@example.test', password: 'x'.repeat(200) });
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`;
    const { afterMs, answer } = await trickle(port, head, body);
    expect(afterMs).toBeGreaterThanOrEqual(requestTimeoutMs - 100);
    expect(afterMs).toBeLessThan(requestTimeoutMs + checkIntervalMs + 1_000);
    // Node answers 408 when it can; a closed socket is just as final.
    if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that trickles its headers, after the headers time-out', async () => {
    const { afterMs } = await trickle(port, 'GET /api/status HTTP/1.1\r\n', 'X-Slow: '.padEnd(100, 'a'));
    expect(afterMs).toBeLessThan(headersTimeoutMs + checkIntervalMs + 1_000);
  });

  it('does not cut a streamed answer that lasts longer than the request time-out', async () => {
    const { cookie } = await signedInAs(t.app, t.db, 'member-tier-2');
    fake.tokenDelayMs = 400; // seven tokens: about three seconds of stream
    const started = Date.now();
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/chat/message',
          headers: { cookie, 'content-type': 'application/json' },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ message: 'How do I update my CV?' }));
    });
    expect(Date.now() - started).toBeGreaterThan(requestTimeoutMs + checkIntervalMs);
    expect(status).toBe(200);
    expect(body).toContain('"type":"done"');
  });

  describe('an upload', () => {
    let cookie: string;
    let photo: Buffer;
    beforeAll(async () => {
      ({ cookie } = await signedInAs(t.app, t.db, 'member-tier-1'));
      // Noise does not compress: some 60 KB of JPEG.
      const noise = Buffer.alloc(160 * 160 * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
      const jpeg = await sharp(noise, { raw: { width: 160, height: 160, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer();
      photo = multipartFile(jpeg, 'slow.jpg', 'image/jpeg');
    });
    const head = () =>
      postHead('/api/profile/upload-image', multipartContentType, photo.length, { Cookie: cookie });

    it('gets through when it arrives slower than the request time-out allows, but never stalls', async () => {
      // Thirty slices, one every 100 ms: three seconds, three times the whole-request time-out.
      const sliceBytes = Math.ceil(photo.length / 30);
      const answer = await sendThrottled(port, head(), photo, { sliceBytes, everyMs: 100 });
      expect(answer.status, answer.raw).toBe(200);
      expect(answer.answeredAfterMs).toBeGreaterThan(requestTimeoutMs + checkIntervalMs);
      expect(profileImageResponseSchema.parse(JSON.parse(answer.body)).photo).toBeTruthy();
    });

    it('is cut off with a 408 in the error shape once no byte has come for the stall time-out', async () => {
      // Steady for two seconds (longer than the whole-request time-out), then nothing more.
      const sliceBytes = Math.ceil(photo.length / 40);
      const stopAfterBytes = sliceBytes * 20;
      const answer = await sendThrottled(port, head(), photo, { sliceBytes, everyMs: 100, stopAfterBytes });
      expect(answer.status, answer.raw).toBe(408);
      expect(answer.bodyBytesSent).toBe(stopAfterBytes);
      expect(answer.answeredAfterMs).toBeGreaterThanOrEqual(2_000 + uploadStallMs - 200);
      expect(answer.answeredAfterMs).toBeLessThan(2_000 + uploadStallMs + 1_000);
      expect(answer.raw).toMatch(/\r\nconnection: close\r\n/i);
      const { error } = apiErrorSchema.parse(JSON.parse(answer.body));
      expect(error.statusCode).toBe(408);
    });

    it('is cut off with a 408 at the route’s ceiling, however steadily it trickles', async () => {
      // A slice every 100 ms for eight seconds: never stalled, but past the five-second ceiling.
      const sliceBytes = Math.ceil(photo.length / 80);
      const answer = await sendThrottled(port, head(), photo, { sliceBytes, everyMs: 100 });
      expect(answer.status, answer.raw).toBe(408);
      expect(answer.answeredAfterMs).toBeGreaterThanOrEqual(photoCeilingMs - 200);
      expect(answer.answeredAfterMs).toBeLessThan(photoCeilingMs + 1_000);
      expect(apiErrorSchema.parse(JSON.parse(answer.body)).error.statusCode).toBe(408);
    });
  });
});
