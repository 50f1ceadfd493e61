import { isNativePlatform } from './platform.ts';

export type PhotoSource = 'camera' | 'library';

/**
 * The member closed the camera or the photo library without choosing a photo. SPEC §8 treats it as a
 * device failure (logged and rethrown); its own type lets a screen leave things as they were instead of
 * showing an error for it (decision 0066).
 */
export class PhotoCancelledError extends Error {
  constructor() {
    super('No photo was chosen.');
    this.name = 'PhotoCancelledError';
  }
}

/**
 * SPEC §7 camera photo (quality 90, no editing, URI result) and photo-library pick, as a File ready to
 * upload. Native: Capacitor Camera (JPEG from both sources, which the server can read even where the
 * library holds HEIC). Web: a file input opened by the caller; this returns null there. Failures are
 * logged and rethrown (SPEC §8), a cancelled pick as a PhotoCancelledError.
 */
export async function takePhoto(source: PhotoSource): Promise<File | null> {
  if (!isNativePlatform()) return null;
  const { Camera, CameraResultType, CameraSource } = await import('@capacitor/camera');
  try {
    const photo = await Camera.getPhoto({
      quality: 90,
      allowEditing: false,
      resultType: CameraResultType.Uri,
      source: source === 'camera' ? CameraSource.Camera : CameraSource.Photos,
    });
    if (!photo.webPath) throw new Error('The camera returned no photo');
    const blob = await (await fetch(photo.webPath)).blob();
    return new File([blob], `photo.${photo.format || 'jpeg'}`, { type: blob.type || 'image/jpeg' });
  } catch (error) {
    // Both shells reject a closed camera or picker with "User cancelled photos app".
    if (error instanceof Error && /cancel/i.test(error.message)) {
      console.warn('Camera: no photo chosen', error);
      throw new PhotoCancelledError();
    }
    console.error('Camera failed', error);
    throw error;
  }
}

/** Whether the device has a camera and library to offer (the native shells). */
export function hasNativeCamera(): boolean {
  return isNativePlatform();
}
