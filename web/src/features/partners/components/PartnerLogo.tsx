import { partnerLogoGeometry, readPartnerLogo, type Partner } from '@uplift/contracts';

/**
 * The partner's logo, drawn from the parts of the server's SVG (decision 0043): initials as text on the
 * partner's colour, an uploaded picture as the WebP it holds. A directory of SVG images cost the phone's
 * main thread a document each. Decorative: the partner's name is always beside it.
 */
export function PartnerLogo({ svg, size = 48 }: { svg: Partner['logoSvg']; size?: number }) {
  const logo = readPartnerLogo(svg);
  const scale = size / partnerLogoGeometry.viewBox;
  const square = { width: size, height: size, borderRadius: partnerLogoGeometry.cornerRadius * scale };
  if (logo.kind === 'initials') {
    return (
      <span
        aria-hidden="true"
        className="flex shrink-0 items-center justify-center leading-none font-bold text-paper"
        style={{ ...square, backgroundColor: logo.color, fontSize: partnerLogoGeometry.fontSize * scale }}
      >
        {logo.initials}
      </span>
    );
  }
  if (logo.kind === 'image') {
    return (
      <img
        src={logo.webpDataUrl}
        alt=""
        width={size}
        height={size}
        className="shrink-0 bg-paper object-contain"
        style={{ ...square, padding: partnerLogoGeometry.imageInset * scale }}
      />
    );
  }
  // Not a form the server draws: as an image, so nothing inside the SVG ever runs.
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt=""
      width={size}
      height={size}
      className="shrink-0"
      style={square}
    />
  );
}
