interface FigureProps {
  label: string;
  value: string;
  /** Replaces the value for screen readers when symbols carry its meaning ("+11.2 points"). */
  spoken?: string;
  /** Headline figures are large; an industry's, inside its disclosure, are smaller. */
  size?: 'large' | 'small';
}

/** One figure of a `<dl>`: its label (the term) and its value (the definition). */
export function Figure({ label, value, spoken, size = 'large' }: FigureProps) {
  const large = size === 'large';
  return (
    <div className={large ? 'rounded-xl bg-slate-50 p-3' : 'rounded-lg bg-slate-50 p-2'}>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className={`${large ? 'text-xl font-bold' : 'font-semibold'} break-words text-slate-900`}>
        {spoken ? (
          <>
            <span aria-hidden="true">{value}</span>
            <span className="sr-only">{spoken}</span>
          </>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}
