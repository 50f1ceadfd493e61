import http from 'node:http';
import https from 'node:https';
import { createParser } from 'eventsource-parser';

export interface ModelTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The tokens the model itself counted for one answer (OpenAI's `usage`). */
export interface ModelUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/**
 * Streams the text of an answer from a chat model, chunk by chunk. `onUsage` hears the model's own token
 * counts when it sends them (the last chunk, asked for with `stream_options.include_usage`).
 */
export interface ModelClient {
  stream(
    messages: ModelTurn[],
    signal: AbortSignal,
    onUsage?: (usage: ModelUsage) => void,
  ): AsyncIterable<string>;
}

/** The part of a chat-completions chunk Vale reads. */
interface CompletionChunk {
  choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;
  error?: { message?: string };
}

/** The usage of a chunk, when it carries whole counts. */
function usageOf(chunk: CompletionChunk): ModelUsage | null {
  const usage = chunk.usage;
  if (!usage || typeof usage.prompt_tokens !== 'number' || typeof usage.completion_tokens !== 'number') {
    return null;
  }
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    totalTokens: usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens,
  };
}

/** Kept-alive connections to the model server are closed after this long unused. */
const idleConnectionMs = 4_000;

/** What an error answer says, as the OpenAI-compatible servers put it ({ error: { message } }), in short. */
function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
    const message =
      typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (message) return message;
  } catch {
    // not JSON: the text itself
  }
  return body.slice(0, 200) || '(no body)';
}

/**
 * Any OpenAI-compatible chat-completions server: hosted providers, llama.cpp, vLLM, Ollama. One streamed
 * POST to `{baseURL}/chat/completions` on a kept-alive connection, read as server-sent events: the wire
 * format the official client speaks, without its layers (see docs/decisions: Vale's first token).
 */
export function createModelClient(options: { baseURL: string; apiKey?: string; model: string }): ModelClient {
  const url = new URL(`${options.baseURL.replace(/\/+$/, '')}/chat/completions`);
  const secure = url.protocol === 'https:';
  const target = {
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port,
    path: `${url.pathname}${url.search}`,
    // Idle connections are closed before servers commonly close theirs (5 s in Node, uvicorn…).
    agent: new (secure ? https : http).Agent({ keepAlive: true, timeout: idleConnectionMs }),
    ...(url.username || url.password
      ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` }
      : {}),
  };
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    // Local servers need no key; hosted ones take it as a bearer token.
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
  };

  /**
   * The response once its status line and headers arrive; rejects on a refused connection or abort. A
   * kept-alive connection the server closed just as it was reused fails at once: sent again on a new one.
   */
  const post = (body: string, signal: AbortSignal, retried = false): Promise<http.IncomingMessage> =>
    new Promise((resolve, reject) => {
      const request = (secure ? https : http).request({
        ...target,
        signal,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      });
      let answered = false;
      request.on('response', (response) => {
        answered = true;
        resolve(response);
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        const stale = !answered && request.reusedSocket && error.code === 'ECONNRESET' && !signal.aborted;
        if (stale && !retried) resolve(post(body, signal, true));
        else reject(error);
      });
      request.end(body);
    });

  return {
    async *stream(messages, signal, onUsage) {
      // The usage comes in a last chunk without choices; servers that do not know the option ignore it.
      const request = {
        model: options.model,
        messages,
        stream: true,
        stream_options: { include_usage: true },
      };
      const response = await post(JSON.stringify(request), signal);
      response.setEncoding('utf8');
      if (response.statusCode !== 200) {
        let body = '';
        for await (const part of response) body += part as string;
        throw new Error(`the model answered ${response.statusCode}: ${errorText(body)}`);
      }
      let finished = false;
      const events: string[] = [];
      const parser = createParser({ onEvent: (event) => events.push(event.data) });
      try {
        for await (const part of response) {
          parser.feed(part as string);
          // `data:` lines carry the chunks; `[DONE]` ends the stream.
          for (const data of events.splice(0)) {
            if (data === '' || data === '[DONE]') continue;
            const chunk = JSON.parse(data) as CompletionChunk;
            if (chunk.error) throw new Error(`the model failed: ${chunk.error.message ?? 'no reason given'}`);
            const usage = usageOf(chunk);
            if (usage) onUsage?.(usage);
            const choice = chunk.choices?.[0];
            if (choice?.delta?.content) yield choice.delta.content;
            if (choice?.finish_reason) finished = true;
          }
        }
      } finally {
        // Left early (an error, or the reader stopped): the connection is not reused half-read.
        if (!response.complete) response.destroy();
      }
      // A dropped connection can end the stream quietly; an answer is whole only with a finish reason.
      if (!finished) throw new Error('the model stream ended before the answer finished');
    },
  };
}
