import { Markdown, type MarkdownComponents, type MarkdownElement } from '../../../ui/Markdown.tsx';

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

const components: MarkdownComponents = {
  a: ({ href, children }) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow ugc"
      className="font-medium break-words text-brand-700 underline underline-offset-2"
    >
      {children}
    </a>
  ),
  ul: ({ children }) => <ul className="list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children, start }) => (
    <ol start={start} className="list-decimal space-y-1 pl-5">
      {children}
    </ol>
  ),
  blockquote: ({ children }) => (
    <blockquote className="border-l-4 border-slate-300 pl-3 text-slate-700">{children}</blockquote>
  ),
  pre: ({ children }) => (
    <pre className="overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm text-slate-900">{children}</pre>
  ),
  code: ({ children }) => (
    <code className="rounded bg-slate-900/5 px-1 font-mono text-[0.9em]">{children}</code>
  ),
};

export function PostBody({ text }: { text: string }) {
  return (
    <div className="space-y-2 leading-relaxed break-words text-slate-900">
      <Markdown text={text} allowedElements={allowedElements} components={components} />
    </div>
  );
}
