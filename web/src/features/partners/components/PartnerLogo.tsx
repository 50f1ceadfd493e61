import type { Partner } from '@uplift/contracts';

/** The server-drawn SVG logo as an image: an <img> never runs anything inside the SVG. */
export function PartnerLogo({ svg, size = 48 }: { svg: Partner['logoSvg']; size?: number }) {
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt=""
      width={size}
      height={size}
      className="shrink-0 rounded-xl"
    />
  );
}
