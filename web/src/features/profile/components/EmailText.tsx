import { Fragment } from 'react';

/**
 * An email address that wraps at sensible points (after "@" and each ".") instead of mid-word or
 * off-screen at 320 px; the whole address stays selectable and readable as one.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <span className="[overflow-wrap:normal]">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
