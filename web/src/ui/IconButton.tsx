import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

export type IconButtonVariant = 'plain' | 'primary' | 'secondary';

const variants: Record<IconButtonVariant, string> = {
  plain: 'text-ink-muted enabled:hover:bg-surface-muted enabled:hover:text-ink',
  primary: 'bg-accent text-on-accent enabled:hover:bg-accent-strong',
  secondary: 'border border-line-strong bg-surface text-ink enabled:hover:bg-surface-muted',
};

/** The classes of an icon button, for a link that must look like one (a header's "Back to Home"). */
export function iconButtonClass(variant: IconButtonVariant = 'plain') {
  return `grid size-touch shrink-0 place-items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]}`;
}

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'children' | 'aria-label'
> {
  /** The accessible name: the icon alone says nothing to a screen reader. */
  label: string;
  /** The icon, drawn aria-hidden by the caller (lucide's `aria-hidden="true"`). */
  children: ReactNode;
  variant?: IconButtonVariant;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A round 44 px button that shows only an icon (close, rename, send). Its name is required so no icon button
 * ships unnamed; `type="button"` unless told, as Button. Extra classes place it; they never restyle it.
 */
export function IconButton({
  label,
  variant = 'plain',
  type = 'button',
  className = '',
  children,
  ref,
  ...rest
}: IconButtonProps) {
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      aria-label={label}
      className={`${iconButtonClass(variant)} ${className}`.trim()}
    >
      {children}
    </button>
  );
}
