import { copyText } from './clipboard.ts';
import { isNativePlatform } from './platform.ts';

export interface SharedLink {
  title: string;
  text: string;
  url: string;
}

/** How a share ended: handed to a share sheet, copied for the member to paste, or closed unshared. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled';

const cancelled = (error: unknown) =>
  (error instanceof DOMException && error.name === 'AbortError') ||
  (error instanceof Error && /cancel/i.test(error.message));

/**
 * Shares a link: the native share sheet in the shells (Capacitor Share, decision 0093), the Web Share API
 * in browsers that have it, and otherwise the link copied to the clipboard. A sheet the member closes is
 * "cancelled", never an error; any other failure rejects.
 */
export async function shareLink(link: SharedLink): Promise<ShareOutcome> {
  try {
    if (isNativePlatform()) {
      const { Share } = await import('@capacitor/share');
      await Share.share({ title: link.title, text: link.text, url: link.url, dialogTitle: link.title });
      return 'shared';
    }
    if (typeof navigator.share === 'function' && navigator.canShare?.(link) !== false) {
      await navigator.share(link);
      return 'shared';
    }
  } catch (error) {
    if (cancelled(error)) return 'cancelled';
    throw error;
  }
  await copyText(link.url);
  return 'copied';
}
