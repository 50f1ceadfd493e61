import { useId, type CSSProperties } from 'react';

/** The Uplift "U with an arrow" mark, filled with a two-colour gradient. Decorative. */
export function UpliftMark({
  colours,
  className = '',
  style,
}: {
  colours: readonly [string, string];
  className?: string;
  style?: CSSProperties;
}) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 512 512" aria-hidden="true" focusable="false" className={className} style={style}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={colours[0]} />
          <stop offset="1" stopColor={colours[1]} />
        </linearGradient>
      </defs>
      <rect width="512" height="512" rx="112" fill={`url(#${gradientId})`} />
      <g
        transform="translate(-36 0)"
        fill="none"
        stroke="#fff"
        strokeWidth="56"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M160 200v96a96 96 0 0 0 192 0V136" />
        <path d="M280 200l72-72 72 72" />
      </g>
    </svg>
  );
}
