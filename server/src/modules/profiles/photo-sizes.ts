import type { ImageSize } from '../uploads/index.ts';

/** The avatar (navigation, lists, 2× of 128 px), the profile header and the full view. */
export const photoSizes: readonly ImageSize[] = [
  { name: 'avatar', width: 256, height: 256, fit: 'cover' },
  { name: 'header', width: 640, height: 640, fit: 'cover' },
  { name: 'full', width: 1600, height: 1600, fit: 'inside' },
];
