import { isNativePlatform } from './platform.ts';

export type PhotoSource = 'camera' | 'library';

/**
 * SPEC §7 camera photo (quality 90, no editing, URI result) and photo-library pick, as a File ready to
 * upload. Native: Capacitor Camera (JPEG from both sources, which the server can read even where the
 * library holds HEIC). Web: a file input opened by the caller; this returns null there. Failures are
 * logged and rethrown (SPEC §8); a cancelled pick resolves null.
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
    if (!photo.webPath) return null;
    const blob = await (await fetch(photo.webPath)).blob();
    return new File([blob], `photo.${photo.format || 'jpeg'}`, { type: blob.type || 'image/jpeg' });
  } catch (error) {
    if (error instanceof Error && /cancel/i.test(error.message)) return null;
    console.error('Camera failed', error);
    throw error;
  }
}

/** Whether the device has a camera and library to offer (the native shells). */
export function hasNativeCamera(): boolean {
  return isNativePlatform();
}
