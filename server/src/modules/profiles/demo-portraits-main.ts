/**
 * Draws the demo members' portraits for the seed, as a process of its own (demo-portraits.ts): reads a
 * PortraitRequest on standard input and writes the processed images, as JSON, on standard output.
 */
import { text } from 'node:stream/consumers';
import { loadSharp, processImage } from '../uploads/index.ts';
import { initialsSvg, type PortraitRequest, type SentImage } from './demo-portraits.ts';
import { photoSizes } from './photo-sizes.ts';

const request = JSON.parse(await text(process.stdin)) as PortraitRequest;
const sharp = await loadSharp();
const images: SentImage[] = [];
for (const portrait of request.portraits) {
  // SVG is not an accepted upload: rendered to PNG first, as a member's device would hand over.
  const png = await sharp(initialsSvg(portrait)).png().toBuffer();
  const image = await processImage(png, photoSizes, { maxPixels: request.maxPixels });
  images.push({
    ...image,
    files: image.files.map((file) => ({ ...file, bytes: file.bytes.toString('base64') })),
  });
}
process.stdout.write(JSON.stringify(images));
