import { communityImageLimits, type CommunityImageUpload } from '@uplift/contracts';
import type { Storage } from '../storage/index.ts';
import { processImage, uploadKey, uploadUrl, type ImageInput, type ImageSize } from '../uploads/index.ts';

/** One size: wide enough for a post on a large screen at 2×, the whole picture kept (never cropped). */
const postImageSizes: readonly ImageSize[] = [{ name: 'post', width: 1600, height: 1600, fit: 'inside' }];

const fileName = (key: string) => `${key}-post.webp`;

export function postImageUrl(key: string): string {
  return uploadUrl(fileName(key));
}

/**
 * Post images go through the profile photos' pipeline (type read from the bytes, pixel limit, re-encoded
 * as WebP without metadata). The file is named by its content hash, so it is served immutable; a post
 * then names the key, which must belong to an image stored here.
 */
export function createPostImages(storage: Storage) {
  return {
    async store(input: ImageInput): Promise<CommunityImageUpload> {
      const image = await processImage(input, postImageSizes, { maxPixels: communityImageLimits.maxPixels });
      await Promise.all(image.files.map((file) => storage.put(uploadKey(fileName(image.key)), file.bytes)));
      return { key: image.key, url: postImageUrl(image.key) };
    },

    async exists(key: string): Promise<boolean> {
      return (await storage.head(uploadKey(fileName(key)))) !== null;
    },
  };
}

export type PostImages = ReturnType<typeof createPostImages>;
