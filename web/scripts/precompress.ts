/** `npm run precompress`: the brotli and gzip copies of the build's files (precompress-assets.ts). */
import path from 'node:path';
import { precompressAssets } from './precompress-assets.ts';

const written = await precompressAssets(path.join(import.meta.dirname, '..', 'dist'));
const kilobytes = (key: 'bytes' | 'br' | 'gzip') =>
  Math.round(written.reduce((sum, file) => sum + (file[key] ?? 0), 0) / 1024);
console.log(
  `precompressed ${written.length} files of dist: ${kilobytes('bytes')} KB, ` +
    `brotli ${kilobytes('br')} KB, gzip ${kilobytes('gzip')} KB`,
);
