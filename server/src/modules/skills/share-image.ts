import { skillLevels, type SharedSkillResult } from '@uplift/contracts';
import { loadSharp } from '../uploads/index.ts';
import { shareImageSize, sharedResultWords } from './shared-result.ts';

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const font = 'DejaVu Sans, Arial, sans-serif';

/**
 * The Open Graph card of a shared result, as SVG: the brand's indigo, the skill, the level large, the
 * five levels as steps with the reached ones filled, the band and the date. Nothing about the member.
 */
export function shareImageSvg(result: SharedSkillResult): string {
  const { width, height } = shareImageSize;
  const words = sharedResultWords(result);
  const reached = skillLevels.findIndex((level) => level.id === result.level);
  const steps = skillLevels
    .map((level, index) => {
      const x = 80 + index * 208;
      const opacity = index <= reached ? 1 : 0.25;
      return (
        `<rect x="${x}" y="420" width="192" height="20" rx="10" fill="#ffffff" fill-opacity="${opacity}"/>` +
        `<text x="${x}" y="472" font-family="${font}" font-size="22" fill="#e2e1fb">${escapeXml(level.label)}</text>`
      );
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="#34328f"/>` +
    `<circle cx="1080" cy="90" r="260" fill="#5755d9" fill-opacity="0.55"/>` +
    `<text x="80" y="110" font-family="${font}" font-size="40" font-weight="700" fill="#ffffff">Uplift</text>` +
    `<text x="80" y="200" font-family="${font}" font-size="44" fill="#e2e1fb">${escapeXml(words.skill)}</text>` +
    `<text x="80" y="320" font-family="${font}" font-size="110" font-weight="700" fill="#ffffff">${escapeXml(words.level)}</text>` +
    steps +
    `<text x="80" y="560" font-family="${font}" font-size="30" fill="#ffffff">Score band ${escapeXml(words.band)} of 300 · ${escapeXml(words.date)}</text>` +
    `</svg>`
  );
}

/** The card drawn as a 1200 × 630 PNG by sharp (loaded with the first card, decision 0031). */
export async function drawShareImage(result: SharedSkillResult): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(shareImageSvg(result)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
