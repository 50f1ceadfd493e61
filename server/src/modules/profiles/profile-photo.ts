import { profileUploadLimits, type ProfilePhoto } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import type { Storage } from '../storage/index.ts';
import {
  processImage,
  uploadKey,
  uploadUrl,
  type ImageInput,
  type ProcessedImage,
} from '../uploads/index.ts';
import { photoSizes } from './photo-sizes.ts';
import { replacePhoto } from './profiles.repo.ts';

const fileName = (key: string, size: string) => `${key}-${size}.webp`;

function urlsOf(key: string): ProfilePhoto {
  return {
    avatar: uploadUrl(fileName(key, 'avatar')),
    header: uploadUrl(fileName(key, 'header')),
    full: uploadUrl(fileName(key, 'full')),
  };
}

export function photoUrls(key: string | null): ProfilePhoto | null {
  return key ? urlsOf(key) : null;
}

export function createPhotoService(db: Database, storage: Storage) {
  async function removeFiles(key: string) {
    await Promise.all(photoSizes.map((size) => storage.remove(uploadKey(fileName(key, size.name)))));
  }

  /** Stores a processed photo's sizes, then points the profile at them and deletes the old ones. */
  async function store(userId: string, image: ProcessedImage): Promise<ProfilePhoto> {
    await Promise.all(
      image.files.map((file) => storage.put(uploadKey(fileName(image.key, file.size)), file.bytes)),
    );
    const urls = urlsOf(image.key);
    const previous = await replacePhoto(db, userId, image.key, urls.avatar);
    if (previous && previous !== image.key) await removeFiles(previous);
    return urls;
  }

  return {
    removeFiles,
    store,

    async set(userId: string, input: ImageInput): Promise<ProfilePhoto> {
      return store(
        userId,
        await processImage(input, photoSizes, { maxPixels: profileUploadLimits.maxPixels }),
      );
    },

    async remove(userId: string): Promise<void> {
      const previous = await replacePhoto(db, userId, null, null);
      if (previous) await removeFiles(previous);
    },
  };
}

export type PhotoService = ReturnType<typeof createPhotoService>;
