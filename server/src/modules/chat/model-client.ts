import OpenAI from 'openai';

export interface ModelTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Streams the text of an answer from a chat model, chunk by chunk. */
export interface ModelClient {
  stream(messages: ModelTurn[], signal: AbortSignal): AsyncIterable<string>;
}

/** Any OpenAI-compatible chat-completions server: hosted providers, llama.cpp, vLLM, Ollama. */
export function createModelClient(options: { baseURL: string; apiKey?: string; model: string }): ModelClient {
  // Local servers need no key, but the client insists on one.
  const client = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey || 'none', maxRetries: 0 });
  return {
    async *stream(messages, signal) {
      const stream = await client.chat.completions.create(
        { model: options.model, messages, stream: true },
        { signal },
      );
      let finished = false;
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        if (choice?.delta?.content) yield choice.delta.content;
        if (choice?.finish_reason) finished = true;
      }
      // A dropped connection can end the stream quietly; an answer is whole only with a finish reason.
      if (!finished) throw new Error('the model stream ended before the answer finished');
    },
  };
}
