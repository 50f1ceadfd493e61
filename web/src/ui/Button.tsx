import { LoaderCircle } from 'lucide-react';
import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'md' | 'sm';

const base =
  'inline-flex min-h-touch min-w-touch items-center justify-center gap-2 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-on-accent enabled:hover:bg-accent-strong',
  secondary: 'border border-line-strong bg-surface text-ink enabled:hover:bg-surface-muted',
  danger: 'bg-danger text-on-accent enabled:hover:bg-danger-strong',
  ghost: 'text-accent underline-offset-2 enabled:hover:underline',
};

// Both sizes keep the 44 px target: "sm" only tightens the text and the sides.
const sizes: Record<ButtonSize, string> = {
  md: 'px-4 text-control',
  sm: 'px-3 text-sm',
};

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A pill (chips, floating actions) instead of the control radius. */
  pill?: boolean;
  /** Stretches to its container's width (a form's main action on a phone). */
  block?: boolean;
}

/** The classes of a button, for the few links that must look like one ("Sign in" as a link). */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  pill = false,
  block = false,
}: ButtonLook = {}) {
  return [
    base,
    variants[variant],
    sizes[size],
    pill ? 'rounded-full' : 'rounded-control',
    block ? 'w-full' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonLook, ButtonHTMLAttributes<HTMLButtonElement> {
  /** While true the button is busy (aria-busy) and cannot be pressed again; its words stay. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The app's button: one look per variant, 44 px at least, `type="button"` unless told (a stray submit is a
 * classic bug). Extra classes place it (margins, alignment); they never restyle it.
 */
export function Button({
  variant,
  size,
  pill,
  block,
  loading = false,
  disabled,
  className = '',
  type = 'button',
  children,
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`${buttonClass({ variant, size, pill, block })} ${className}`.trim()}
    >
      {loading ? <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" /> : null}
      {children}
    </button>
  );
}
