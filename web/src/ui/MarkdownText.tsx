import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Markdown, type MarkdownComponents } from './Markdown.tsx';

function Heading({ children }: { children?: ReactNode }) {
  // Headings inside an answer would break the page's outline: they read as bold lines instead.
  return <p className="font-semibold text-slate-900">{children}</p>;
}

const linkClass = 'font-medium break-words text-brand-700 underline underline-offset-2 hover:text-brand-800';

const components: MarkdownComponents = {
  h1: Heading,
  h2: Heading,
  h3: Heading,
  h4: Heading,
  h5: Heading,
  h6: Heading,
  a: ({ href, children }) =>
    // A screen of the app (Vale's "nothing on that" answer points to two) opens in the app itself.
    href?.startsWith('/') && !href.startsWith('//') ? (
      <Link to={href} className={linkClass}>
        {children}
      </Link>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
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
    <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-50">{children}</pre>
  ),
  code: ({ children }) => (
    <code className="rounded bg-slate-900/5 px-1 font-mono text-[0.9em]">{children}</code>
  ),
  // No remote images in answers (they could track readers): their description stands in.
  img: ({ alt }) => (alt ? <span className="italic">[{alt}]</span> : null),
  hr: () => <hr className="border-slate-200" />,
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
