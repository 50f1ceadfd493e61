import type { ChatEntry } from '../stream/chatReducer.ts';

/** A citation's address outside the app: its screen, or the knowledge point in the skills page. */
function sourceUrl(citation: ChatEntry['citations'][number], origin: string): string {
  const path = citation.href ?? `/skills?knowledge=${encodeURIComponent(citation.slug)}`;
  return new URL(path, origin).toString();
}

/**
 * A conversation as Markdown (issue 41.5): its title, then each turn under "You" or "Vale" with the answer
 * as written and its numbered sources as links. Answers still being written are left out.
 */
export function conversationMarkdown(title: string, entries: readonly ChatEntry[], origin: string): string {
  const turns = entries
    .filter((entry) => entry.content.trim() !== '' && entry.status !== 'streaming')
    .map((entry) => {
      if (entry.role === 'user') return `## You\n\n${entry.content.trim()}`;
      const sources = entry.citations.map(
        (citation) => `${citation.index}. [${citation.title}](${sourceUrl(citation, origin)})`,
      );
      return [
        `## Vale`,
        entry.content.trim(),
        ...(sources.length > 0 ? [`Sources:\n\n${sources.join('\n')}`] : []),
      ].join('\n\n');
    });
  return `${[`# ${title}`, ...turns].join('\n\n')}\n`;
}

/** A file name from the title: `vale-how-do-i-ask-for-a-raise.md`. */
export function markdownFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '');
  return `vale-${slug || 'conversation'}.md`;
}
