/**
 * What a partner's stored logo shows. The server draws every logo as one of two self-contained SVGs
 * (server/src/modules/partners): initials in white on a rounded square of the partner's colour, or an
 * uploaded picture (WebP) on a white rounded square. Readers that only need to show the logo draw these
 * parts themselves: a browser builds a whole SVG document on its main thread for each SVG image, which cost
 * the partner directory 100 ms and more of its first paint on a phone (decision 0043), while text on a
 * coloured square costs nothing and a WebP is decoded off the main thread.
 */
export type PartnerLogoParts =
  | { kind: 'initials'; initials: string; color: string }
  | { kind: 'image'; webpDataUrl: string }
  /** Not a form the server draws (none is stored today): shown as the SVG it is. */
  | { kind: 'other' };

const initialsColor = /<rect [^>]*fill="(#[0-9A-Fa-f]{6})"/;
const initialsText = /<text [^>]*>([^<&]{1,4})<\/text>/;
const webpImage = /<image [^>]*href="(data:image\/webp;base64,[A-Za-z0-9+/]+={0,2})"/;

export function readPartnerLogo(svg: string): PartnerLogoParts {
  const image = webpImage.exec(svg);
  if (image?.[1]) return { kind: 'image', webpDataUrl: image[1] };
  const color = initialsColor.exec(svg)?.[1];
  const initials = initialsText.exec(svg)?.[1];
  if (color && initials && !svg.includes('<image ')) return { kind: 'initials', initials, color };
  return { kind: 'other' };
}

/** The drawing's proportions on its 64-unit square, for readers that draw the parts at another size. */
export const partnerLogoGeometry = { viewBox: 64, cornerRadius: 14, fontSize: 26, imageInset: 4 } as const;
