import type { ModelTurn } from './model-client.ts';

/**
 * Conversations: which question a message asks, read with the turns before it. General rules of how people
 * continue a conversation, none naming a question (decision 0055).
 */

/** How a message asks for the previous answer again: shorter, or as steps. */
export type Reshape = 'shorter' | 'steps';

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

const shorter =
  /\b(shorter|briefer|briefly|more concise|concisely|shorten|condense|summari[sz]e|summary|tl;?dr|in brief|in (a|one) (sentence|line)|too long|less detail|fewer words)\b/i;
const steps =
  /\b(in|as|into) (a |some )?(numbered |clear |simple |short )?(steps|list|bullet points|bullets|checklist)\b|\bstep[- ]by[- ]step\b|\bbreak (it|that|this) (down|up)\b|\b(list|number) (it|that|this|them)\b/i;

/**
 * A request to reshape the previous answer, not a new question: short ("make that shorter", "in steps
 * please", "can you summarise that?"), and about the form only.
 */
export function reshapeOf(message: string): Reshape | null {
  if (words(message).length > 10) return null;
  if (steps.test(message)) return 'steps';
  if (shorter.test(message)) return 'shorter';
  return null;
}

/** Openings that continue the topic before: "and if…", "what about…", "but…", "same for…". */
const continuation =
  /^(and|but|or|also|plus|what about|how about|what if|even if|same for|same with|instead|otherwise|in that case)\b/;
/** Words that point back at something said before. */
const pointsBack = /\b(it|that|this|those|these|they|them)\b/;

/**
 * A follow-up: a message that leans on the turns before it for its topic. It starts like a continuation
 * ("and if I work part time?"), or is short and points back ("is that paid?").
 */
export function isFollowUp(message: string): boolean {
  const text = words(message).join(' ');
  if (continuation.test(text)) return true;
  return words(message).length <= 6 && pointsBack.test(text);
}

/** The last user turn of `history` with the turns before it, or null. */
function earlierQuestion(history: ModelTurn[]): { question: string; before: ModelTurn[] } | null {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const turn = history[i];
    if (turn?.role === 'user' && turn.content.trim() !== '') {
      return { question: turn.content, before: history.slice(0, i) };
    }
  }
  return null;
}

/** The text retrieval searches for a message: itself, or with the question it follows on from. */
export function retrievalQuery(message: string, history: ModelTurn[]): string {
  const earlier = earlierQuestion(history);
  if (!earlier) return message;
  // A reshape is about the previous answer: the passages are that answer's.
  if (reshapeOf(message) && previousAnswer(history) !== null) {
    return retrievalQuery(earlier.question, earlier.before);
  }
  if (isFollowUp(message)) return `${retrievalQuery(earlier.question, earlier.before)} ${message}`;
  return message;
}

/** The last answer of `history`, when it ends with one. */
export function previousAnswer(history: ModelTurn[]): string | null {
  const last = history.at(-1);
  return last?.role === 'assistant' && last.content.trim() !== '' ? last.content : null;
}
