import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { ChildProcess } from 'node:child_process';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes exactly as sent: no Accept-Encoding is sent, and nothing is decoded. */
  body: Buffer;
}

/**
 * GET without Accept-Encoding (so without compression), returning the undecoded body. `headers` are sent as
 * given (a session cookie, say).
 */
export function fetchRaw(
  url: string,
  timeoutMs = 10_000,
  headers: http.OutgoingHttpHeaders = {},
): Promise<RawResponse> {
  const client = new URL(url).protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { timeout: timeoutMs, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

/** A port that was free a moment ago on loopback. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not find a free port'));
      });
    });
  });
}

/** Resolves true once the child has exited, false if it is still running after `timeoutMs`. */
export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, timeoutMs);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}
