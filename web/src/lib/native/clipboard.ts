import { isNativePlatform } from './platform.ts';

/** The Clipboard plugin as a shell that bundles it registers it on the native bridge. */
interface ClipboardPlugin {
  write(options: { string: string }): Promise<void>;
}

function nativeClipboard(): ClipboardPlugin | undefined {
  const bridge = (globalThis as { Capacitor?: { Plugins?: { Clipboard?: ClipboardPlugin } } }).Capacitor;
  return bridge?.Plugins?.Clipboard;
}

/**
 * Copies text for the member. In the shells through the Capacitor Clipboard plugin when the shell has it
 * (a WebView's own clipboard may be refused without a user-gesture permission); else, and in browsers,
 * the web Clipboard API. Rejects when neither may write.
 */
export async function copyText(text: string): Promise<void> {
  const plugin = isNativePlatform() ? nativeClipboard() : undefined;
  if (plugin) {
    await plugin.write({ string: text });
    return;
  }
  if (!navigator.clipboard) throw new Error('The clipboard is not available here.');
  await navigator.clipboard.writeText(text);
}
