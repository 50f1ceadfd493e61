import { partnerLogoGeometry, partnerLogoLimits, readPartnerLogo } from '@uplift/contracts';
import { processImage, type ImageInput } from '../uploads/index.ts';

/**
 * An uploaded partner logo, through the image pipeline (format read from the bytes, metadata dropped,
 * re-encoded), embedded in the partner's self-contained SVG: every place that shows a logo (directory,
 * detail, requests, their offline copies) keeps working with no file of its own to fetch or delete.
 * 128 px covers the 64 px logo at 2×; a logo that size is a few kilobytes.
 */
export async function uploadedLogoSvg(input: ImageInput): Promise<string> {
  const image = await processImage(input, [{ name: 'logo', width: 128, height: 128, fit: 'inside' }], {
    maxPixels: partnerLogoLimits.maxPixels,
  });
  const [file] = image.files;
  if (!file) throw new Error('logo not encoded');
  const { viewBox: box, cornerRadius, imageInset: inset } = partnerLogoGeometry;
  // readPartnerLogo (contracts) reads this form back: keep the two in step.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box} ${box}" role="img">` +
    `<rect width="${box}" height="${box}" rx="${cornerRadius}" fill="#FFFFFF"/>` +
    `<image x="${inset}" y="${inset}" width="${box - 2 * inset}" height="${box - 2 * inset}" preserveAspectRatio="xMidYMid meet" ` +
    `href="data:image/webp;base64,${file.bytes.toString('base64')}"/></svg>`
  );
}

/** Which kind of logo a stored SVG is, and the colour of an initials logo (for the admin's form). */
export function logoFacts(svg: string): { kind: 'initials' | 'image'; color: string | null } {
  const logo = readPartnerLogo(svg);
  if (logo.kind === 'initials') return { kind: 'initials', color: logo.color };
  return { kind: svg.includes('<image ') ? 'image' : 'initials', color: null };
}
