import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { copyText } from '../../../lib/native/clipboard.ts';
import { Button } from '../../../ui/Button.tsx';

/** How long "Copied" shows before the button reads "Copy" again. */
const confirmedMs = 2_000;

/**
 * Copies an answer's text (Markdown as written) and says so in the button, and to screen readers in a
 * polite live region; a refused clipboard says that instead.
 */
export function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function copy() {
    clearTimeout(timer.current);
    copyText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
    timer.current = setTimeout(() => setState('idle'), confirmedMs);
  }

  return (
    <>
      <Button variant="secondary" size="sm" pill onClick={copy}>
        {state === 'copied' ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {state === 'copied' ? 'Copied' : 'Copy answer'}
      </Button>
      {/* Polite, without the status role: the chat's one status region says how answers end. */}
      <span aria-live="polite" className="sr-only">
        {state === 'copied' ? 'Answer copied' : state === 'failed' ? 'The answer could not be copied' : ''}
      </span>
    </>
  );
}
