import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MarkdownComponents } from './Markdown.tsx';

const linkClass = 'font-medium break-words text-accent underline underline-offset-2 hover:text-accent-strong';

function Heading({ children }: { children?: ReactNode }) {
  // Headings inside a post or an answer would break the page's outline: they read as bold lines instead.
  return <p className="font-semibold text-ink">{children}</p>;
}

/**
 * The one look of Markdown in the app (posts, Vale's answers, knowledge points): every element it may
 * become, on the design tokens. Links are left to `markdownLink`, since where they open differs.
 */
export const markdownElements: MarkdownComponents = {
  h1: Heading,
  h2: Heading,
  h3: Heading,
  h4: Heading,
  h5: Heading,
  h6: Heading,
  ul: ({ children }) => <ul className="list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children, start }) => (
    <ol start={start} className="list-decimal space-y-1 pl-5">
      {children}
    </ol>
  ),
  blockquote: ({ children }) => (
    <blockquote className="border-l-4 border-line pl-3 text-ink-muted">{children}</blockquote>
  ),
  pre: ({ children }) => (
    <pre className="overflow-x-auto rounded-lg bg-surface-muted p-3 text-sm text-ink">{children}</pre>
  ),
  code: ({ children }) => (
    <code className="rounded bg-surface-muted px-1 font-mono text-[0.9em]">{children}</code>
  ),
  // No remote images (they could track readers): their description stands in.
  img: ({ alt }) => (alt ? <span className="italic">[{alt}]</span> : null),
  hr: () => <hr className="border-line" />,
};

/**
 * A Markdown link: opens in a new tab, with `rel` saying how far it is trusted ("nofollow ugc" for members').
 * With `appScreens`, a screen of the app (Vale's "nothing on that" answer points to two) opens in the app
 * itself instead.
 */
export function markdownLink(rel: string, { appScreens = false } = {}): NonNullable<MarkdownComponents['a']> {
  return function MarkdownLink({ href, children }) {
    return appScreens && href?.startsWith('/') && !href.startsWith('//') ? (
      <Link to={href} className={linkClass}>
        {children}
      </Link>
    ) : (
      <a href={href} target="_blank" rel={rel} className={linkClass}>
        {children}
      </a>
    );
  };
}
