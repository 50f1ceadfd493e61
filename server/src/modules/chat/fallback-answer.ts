import type { KnowledgePoint } from '@uplift/contracts';

export type FallbackReason = 'unconfigured' | 'unavailable';

const intro: Record<FallbackReason, string> = {
  unconfigured: '_Vale is answering from the Uplift knowledge base only: no AI model is connected._',
  unavailable: "_The AI model didn't respond, so this answer comes straight from the Uplift knowledge base._",
};

function firstSentences(text: string, count: number): string {
  const plain = text
    .replace(/[*_#>`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentences = plain.match(/[^.!?]+[.!?]+/g) ?? [plain];
  return sentences.slice(0, count).join('').trim();
}

/** An answer composed from the best passages alone, each cited, saying plainly that it is. */
export function composeFromKnowledgeBase(passages: KnowledgePoint[], reason: FallbackReason): string {
  if (passages.length === 0) {
    return `${intro[reason]}\n\nI couldn't find anything on that in the Uplift knowledge base yet. Try other words, or ask in the Community Hub.`;
  }
  const points = passages.map(
    (point, i) => `- **${point.title}** [${i + 1}]: ${firstSentences(point.body, 2)}`,
  );
  return `${intro[reason]}\n\nHere is what it says:\n\n${points.join('\n')}\n\nOpen a source to read it in full.`;
}

/** Splits text into word-sized chunks (each with its trailing space), to stream like a model would. */
export function toChunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
