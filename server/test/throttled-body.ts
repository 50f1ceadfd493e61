import net from 'node:net';

export interface ThrottledAnswer {
  /** When the server answered (its first bytes), or closed the connection without answering. */
  answeredAfterMs: number;
  /** Everything the server sent: status line, headers and body. */
  raw: string;
  status: number | null;
  body: string;
  /** How many bytes of the body had been sent when the answer came. */
  bodyBytesSent: number;
}

/**
 * Sends one HTTP/1.1 request over a real connection: `head` (the request line and headers, ending in the
 * empty line) at once, then `body` in slices of `sliceBytes`, one every `everyMs`; after `stopAfterBytes`
 * nothing more is sent, the connection left open (a stalled client). Resolves once the server has answered
 * and closed the connection, or closed it without answering.
 */
export function sendThrottled(
  port: number,
  head: string,
  body: Buffer,
  {
    sliceBytes,
    everyMs,
    stopAfterBytes = body.length,
  }: { sliceBytes: number; everyMs: number; stopAfterBytes?: number },
): Promise<ThrottledAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    const received: Buffer[] = [];
    let answeredAfterMs: number | null = null;
    let sent = 0;
    let sentWhenAnswered = 0;
    const timer = setInterval(() => {
      const end = Math.min(sent + sliceBytes, stopAfterBytes);
      if (end > sent && socket.writable) {
        socket.write(body.subarray(sent, end));
        sent = end;
      }
    }, everyMs);
    socket.on('connect', () => socket.write(head));
    socket.on('data', (chunk: Buffer) => {
      if (answeredAfterMs === null) {
        answeredAfterMs = Date.now() - started;
        sentWhenAnswered = sent;
      }
      received.push(chunk);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      const raw = Buffer.concat(received).toString();
      const [headers = '', ...rest] = raw.split('\r\n\r\n');
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(headers)?.[1];
      resolve({
        answeredAfterMs: answeredAfterMs ?? Date.now() - started,
        raw,
        status: status ? Number(status) : null,
        body: rest.join('\r\n\r\n'),
        bodyBytesSent: answeredAfterMs === null ? sent : sentWhenAnswered,
      });
    });
  });
}

/** The head of a POST carrying `length` bytes of `contentType`, with the given extra headers. */
export function postHead(
  path: string,
  contentType: string,
  length: number,
  headers: Record<string, string> = {},
) {
  const lines = [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Content-Type: ${contentType}`,
    `Content-Length: ${length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}
