import { Markdown, type MarkdownComponents } from './Markdown.tsx';
import { markdownElements, markdownLink } from './markdownElements.tsx';

const components: MarkdownComponents = {
  ...markdownElements,
  a: markdownLink('noopener noreferrer', { appScreens: true }),
};

/**
 * Markdown from Vale or the knowledge base, rendered safely (decision 0037): raw HTML is dropped, never
 * rendered, and unsafe link targets are dropped. CommonMark only, as before: a GitHub table or `~~` stays
 * the text it was written as.
 */
export function MarkdownText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <div className={`space-y-2 leading-relaxed break-words ${className}`}>
      <Markdown text={text} components={components} />
    </div>
  );
}
