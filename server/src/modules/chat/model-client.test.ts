import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createModelClient } from './model-client.ts';

const messages = [{ role: 'user' as const, content: 'How do I ask for a raise?' }];

/** A chat-completions server answering every request with `answer` (and `onRequest` run first). */
async function serve(
  answer: (request: http.IncomingMessage, response: http.ServerResponse) => void | Promise<void>,
) {
  const sockets = new Set<Socket>();
  const bodies: unknown[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  const server = http.createServer(async (request, response) => {
    let raw = '';
    for await (const part of request) raw += part;
    bodies.push(JSON.parse(raw));
    headers.push(request.headers);
    await answer(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  servers.push(stop);
  return { baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, bodies, headers };
}
const servers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((stop) => stop()));
});

const chunk = (delta: object, finishReason: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finishReason }] })}`;

async function collect(stream: AsyncIterable<string>) {
  const parts: string[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe('the OpenAI-compatible model client', () => {
  it('posts the conversation and yields the streamed text and the usage, however the bytes are split', async () => {
    // CRLF line ends, a comment, a role-only chunk, and writes that split events and a multi-byte letter.
    const wire = Buffer.from(
      [
        ': keep-alive',
        '',
        chunk({ role: 'assistant' }),
        '',
        chunk({ content: 'Ask for a ' }),
        '',
        chunk({ content: 'raise – café [1].' }),
        '',
        chunk({}, 'stop'),
        '',
        `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 } })}`,
        '',
        'data: [DONE]',
        '',
        '',
      ].join('\r\n'),
    );
    const cut = wire.indexOf(Buffer.from('é')) + 1;
    const { baseURL, bodies, headers } = await serve(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of [wire.subarray(0, 17), wire.subarray(17, cut), wire.subarray(cut)]) {
        response.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      response.end();
    });
    const client = createModelClient({ baseURL: `${baseURL}/`, apiKey: 'secret', model: 'small' });
    const usages: unknown[] = [];
    const parts = await collect(
      client.stream(messages, new AbortController().signal, (usage) => usages.push(usage)),
    );
    expect(parts.join('')).toBe('Ask for a raise – café [1].');
    expect(usages).toEqual([{ promptTokens: 12, completionTokens: 8, totalTokens: 20 }]);
    expect(bodies).toEqual([
      { model: 'small', messages, stream: true, stream_options: { include_usage: true } },
    ]);
    expect(headers[0]).toMatchObject({ authorization: 'Bearer secret', 'content-type': 'application/json' });
  });

  it("fails with the server's message when it answers with an error", async () => {
    const { baseURL } = await serve((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid' } }));
    });
    const client = createModelClient({ baseURL, model: 'small' });
    await expect(collect(client.stream(messages, new AbortController().signal))).rejects.toThrow(
      'the model answered 401: Incorrect API key provided',
    );
  });

  it('fails when the stream reports an error or ends without a finish reason', async () => {
    let body = '';
    const { baseURL } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(body);
    });
    const client = createModelClient({ baseURL, model: 'small' });
    body = `${chunk({ content: 'Half' })}\n\ndata: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n`;
    await expect(collect(client.stream(messages, new AbortController().signal))).rejects.toThrow(
      'the model failed: overloaded',
    );
    body = `${chunk({ content: 'Half' })}\n\n`;
    await expect(collect(client.stream(messages, new AbortController().signal))).rejects.toThrow(
      'the model stream ended before the answer finished',
    );
  });

  it('stops the request when aborted, and the server sees the connection close', async () => {
    let closed = false;
    const { baseURL } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`${chunk({ content: 'Ask ' })}\n\n`);
      response.on('close', () => {
        closed = true;
      });
    });
    const client = createModelClient({ baseURL, model: 'small' });
    const controller = new AbortController();
    const parts: string[] = [];
    await expect(
      (async () => {
        for await (const part of client.stream(messages, controller.signal)) {
          parts.push(part);
          controller.abort();
        }
      })(),
    ).rejects.toThrow();
    expect(parts).toEqual(['Ask ']);
    await expect.poll(() => closed).toBe(true);
  });

  it('sends a request again on a new connection when the kept-alive one was closed as it was reused', async () => {
    const served = new WeakMap<Socket, number>();
    const { baseURL, bodies } = await serve((request, response) => {
      const count = (served.get(request.socket) ?? 0) + 1;
      served.set(request.socket, count);
      // The second request on a connection finds it closed by the server, before any answer.
      if (count > 1) return void request.socket.destroy();
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(`${chunk({ content: 'Hello' })}\n\n${chunk({}, 'stop')}\n\ndata: [DONE]\n\n`);
    });
    const client = createModelClient({ baseURL, model: 'small' });
    for (let i = 0; i < 3; i += 1) {
      expect(await collect(client.stream(messages, new AbortController().signal))).toEqual(['Hello']);
    }
    expect(bodies).toHaveLength(5);
  });
});
