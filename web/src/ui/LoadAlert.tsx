import type { ReactNode } from 'react';
import { Button } from './Button.tsx';

/**
 * Where a section says that it could not load (decision 0121): an alert region in the page from the first
 * render, empty and taking no room until there is a failure to say. A screen reader then says the failure
 * once, at once. An alert put in place of the loading line instead is the same element given a role, a
 * class and words: said once for each change, or not at all where it arrives already holding its words.
 */
export function LoadAlert({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`empty:hidden ${className}`}>
      {children}
    </p>
  );
}

/**
 * A `LoadAlert` with "Try again" beside it. The alert holds the words only: a button put in with them is
 * more changes to it, each said again. The row is hidden like the empty alert itself until there is a
 * failure, so it takes no room.
 */
export function LoadAlertWithRetry({
  failure,
  onRetry,
  className = '',
  alertClassName = '',
}: {
  /** What failed, or null while nothing has. */
  failure: string | null;
  onRetry: () => void;
  className?: string;
  alertClassName?: string;
}) {
  return (
    <div className={failure ? `flex flex-wrap items-center gap-x-1 ${className}` : 'hidden'}>
      <LoadAlert className={alertClassName}>{failure}</LoadAlert>
      {failure && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
