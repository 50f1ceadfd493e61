import { partnerLogoColors, partnerLogoGeometry } from '@uplift/contracts';

/**
 * Partner logos are drawn here, never downloaded or hot-linked: the partner's initials in white on a
 * rounded square of its colour. Every palette colour keeps white text above WCAG's 4.5:1 contrast.
 */
export const logoPalette = partnerLogoColors;

const minorWords = new Set(['and', 'of', 'the', 'for', 'a', 'an', '&', 'in', 'at', 'to']);

/** Up to two letters or digits (never markup): the first letters of the first two significant words ("Bright Path Academy" → "BP"). */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s-]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length > 0 && !minorWords.has(word.toLowerCase()));
  const letters = words.slice(0, 2).map((word) => word.charAt(0).toUpperCase());
  return letters.join('') || '?';
}

export function partnerLogoSvg(name: string, color: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(color)) throw new Error(`logo colour must be #rrggbb, got ${color}`);
  const initials = initialsOf(name);
  const { viewBox: box, cornerRadius, fontSize } = partnerLogoGeometry;
  // readPartnerLogo (contracts) reads this form back: keep the two in step.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box} ${box}" role="img">` +
    `<rect width="${box}" height="${box}" rx="${cornerRadius}" fill="${color}"/>` +
    `<text x="${box / 2}" y="${box / 2}" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" ` +
    `font-size="${fontSize}" font-weight="700" fill="#FFFFFF">${initials}</text></svg>`
  );
}
