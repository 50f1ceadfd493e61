import type { ReactNode } from 'react';

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
