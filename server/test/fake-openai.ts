import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FakeMode = 'ok' | 'fail' | 'stall' | 'disconnect';

export interface FakeOpenAi {
  baseURL: string;
  /** Deterministic answer, streamed one token per chunk. */
  tokens: string[];
  mode: FakeMode;
  tokenDelayMs: number;
  /**
   * The prompt tokens it says it read (the completion tokens are its chunks), sent when asked for
   * (`stream_options.include_usage`) and in every whole answer; null: it never counts.
   */
  promptTokens: number | null;
  requests: Array<{
    messages: Array<{ role: string; content: string }>;
    stream: boolean;
    stream_options?: { include_usage?: boolean };
  }>;
  /** Requests whose client went away before the answer ended (stop, time-out). */
  aborted: number;
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible chat-completions server on loopback, for tests and benchmarks: real HTTP and
 * server-sent events, able to stall, fail and disconnect midway.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake: FakeOpenAi = {
    baseURL: '',
    tokens: ['Update ', 'your ', 'CV ', 'for ', 'each ', 'role ', '[1].'],
    mode: 'ok',
    tokenDelayMs: 0,
    promptTokens: 321,
    requests: [],
    aborted: 0,
    close: async () => {},
  };
  const sockets = new Set<Socket>();

  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const part of req) raw += part;
    const body = JSON.parse(raw) as FakeOpenAi['requests'][number];
    fake.requests.push({
      messages: body.messages,
      stream: Boolean(body.stream),
      ...(body.stream_options ? { stream_options: body.stream_options } : {}),
    });
    const usage =
      fake.promptTokens === null
        ? null
        : {
            prompt_tokens: fake.promptTokens,
            completion_tokens: fake.tokens.length,
            total_tokens: fake.promptTokens + fake.tokens.length,
          };
    let finished = false;
    res.on('close', () => {
      if (!finished) fake.aborted += 1;
    });

    if (fake.mode === 'fail') {
      res.writeHead(500, { 'content-type': 'application/json' });
      finished = true;
      return res.end(JSON.stringify({ error: { message: 'upstream exploded', type: 'server_error' } }));
    }
    if (fake.mode === 'stall') return; // never answers; the client has to give up

    const id = 'chatcmpl-fake';
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      finished = true;
      return res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created: 0,
          model: 'fake',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: fake.tokens.join('') },
              finish_reason: 'stop',
            },
          ],
          ...(usage ? { usage } : {}),
        }),
      );
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: object, finishReason: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
    for (const [i, token] of fake.tokens.entries()) {
      if (res.destroyed) return;
      if (fake.mode === 'disconnect' && i === 2) {
        // Let the first tokens reach the client before the connection drops.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return void res.socket?.destroy();
      }
      res.write(chunk({ content: token }, null));
      if (fake.tokenDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.tokenDelayMs));
    }
    res.write(chunk({}, 'stop'));
    if (usage && body.stream_options?.include_usage) {
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [], usage })}\n\n`,
      );
    }
    finished = true;
    res.end('data: [DONE]\n\n');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
