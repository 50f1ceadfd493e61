import { useEffect, useState, type RefObject } from 'react';
import { Button } from '../../../ui/Button.tsx';

/** Markdown blockquote of `text`, each line quoted, with a blank line after it for the reply. */
export function asBlockquote(text: string): string {
  const lines = text.trim().split(/\r?\n/);
  return `${lines.map((line) => (line.trim() ? `> ${line}` : '>')).join('\n')}\n\n`;
}

/** The text selected inside `within`, or '' when the selection is empty or reaches outside it. */
function selectedWithin(within: HTMLElement | null): string {
  const selection = document.getSelection();
  if (!within || !selection || selection.isCollapsed) return '';
  const inside = (node: Node | null) => node !== null && within.contains(node);
  return inside(selection.anchorNode) && inside(selection.focusNode) ? selection.toString().trim() : '';
}

/**
 * Quote-reply (issue 45.4): with text selected in the post it quotes the selection, otherwise the whole
 * post, so keyboard and screen-reader users, who select nothing, quote too.
 */
export function QuoteButton({
  source,
  text,
  onQuote,
}: {
  source: RefObject<HTMLElement | null>;
  text: string;
  onQuote: (markdown: string) => void;
}) {
  const [selected, setSelected] = useState('');
  useEffect(() => {
    const follow = () => setSelected(selectedWithin(source.current));
    document.addEventListener('selectionchange', follow);
    return () => document.removeEventListener('selectionchange', follow);
  }, [source]);
  return (
    <Button
      variant="ghost"
      size="sm"
      // A press must not clear the selection it is about to quote.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onQuote(asBlockquote(selected || text))}
    >
      {selected ? 'Quote selection' : 'Quote post'}
    </Button>
  );
}
