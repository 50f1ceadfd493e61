import { Markdown, type MarkdownComponents, type MarkdownElement } from '../../../ui/Markdown.tsx';
import { markdownElements, markdownLink } from '../../../ui/markdownElements.tsx';

/**
 * The safe Markdown subset members write in: paragraphs, emphasis, links, lists, quotes and code. Raw HTML
 * is skipped (never an element), anything else is unwrapped to its text (an image, having none, goes), and
 * `javascript:` and other unsafe link targets are dropped (decision 0037).
 */
const allowedElements: ReadonlySet<MarkdownElement> = new Set<MarkdownElement>([
  'p',
  'em',
  'strong',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'br',
]);

// Members' links are theirs, not ours: search engines are told so (nofollow ugc).
const components: MarkdownComponents = {
  ...markdownElements,
  a: markdownLink('noopener noreferrer nofollow ugc'),
};

export function PostBody({ text }: { text: string }) {
  return (
    <div className="space-y-2 leading-relaxed break-words text-ink">
      <Markdown text={text} allowedElements={allowedElements} components={components} />
    </div>
  );
}
