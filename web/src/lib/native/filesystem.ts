import { isNativePlatform } from './platform.ts';

/**
 * Saves a text file for the member (SPEC §7: write to the documents directory as UTF-8 in the native
 * shells). The web downloads it instead. Resolves with where it went; failures are logged and rethrown.
 */
export async function saveTextFile(
  name: string,
  text: string,
  mimeType = 'application/json',
): Promise<string> {
  if (isNativePlatform()) {
    const { Directory, Encoding, Filesystem } = await import('@capacitor/filesystem');
    try {
      const result = await Filesystem.writeFile({
        path: name,
        data: text,
        directory: Directory.Documents,
        encoding: Encoding.UTF8,
      });
      return result.uri;
    } catch (error) {
      console.error('Writing the file failed', error);
      throw error;
    }
  }
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return name;
}

/** Reads a text file written by `saveTextFile` in the native shells (UTF-8, documents directory). */
export async function readTextFile(name: string): Promise<string> {
  const { Directory, Encoding, Filesystem } = await import('@capacitor/filesystem');
  const result = await Filesystem.readFile({
    path: name,
    directory: Directory.Documents,
    encoding: Encoding.UTF8,
  });
  return typeof result.data === 'string' ? result.data : await result.data.text();
}
