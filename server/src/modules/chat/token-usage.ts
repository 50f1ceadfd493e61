import type * as O200k from 'gpt-tokenizer/encoding/o200k_base';
import type { LiveAnswer } from './live-answer.ts';
import type { ModelUsage } from './model-client.ts';

type Tokenizer = typeof O200k;

/**
 * The tokenizer of the GPT-4o family (o200k_base, Vale's default model's), loaded on first use: about 30 MB
 * of heap that a server whose model counts its own tokens, or whose OpenAI-compatible API is never called,
 * does not carry.
 */
let tokenizer: Promise<Tokenizer> | undefined;
const loadTokenizer = () => (tokenizer ??= import('gpt-tokenizer/encoding/o200k_base'));

/**
 * The tokens of one answer of the OpenAI-compatible API: the model's own counts when it sent them,
 * otherwise counted here with a real tokenizer: the prompt as a model would read it (Vale's instructions
 * with the passages, the earlier turns, the question, in the chat format) and the text the client receives.
 */
export async function usageOf(answer: LiveAnswer, completion: string): Promise<ModelUsage> {
  if (answer.modelUsage) return answer.modelUsage;
  const { countTokens, encodeChat } = await loadTokenizer();
  // A member's text is text: `<|endoftext|>` written in a question is counted as its characters.
  const plainText = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };
  const promptTokens = encodeChat(answer.prompt, 'gpt-4o', plainText).length;
  const completionTokens = countTokens(completion, plainText);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}
