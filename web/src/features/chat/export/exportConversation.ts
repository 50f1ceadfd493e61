import { isNativePlatform } from '../../../lib/native/platform.ts';
import { readTextFile, saveTextFile } from '../../../lib/native/filesystem.ts';
import type { ChatEntry } from '../stream/chatReducer.ts';
import { conversationMarkdown, markdownFileName } from './conversationMarkdown.ts';

/**
 * Exports the conversation as Markdown: a download in a browser; in the shells written to Documents as
 * UTF-8 through the Filesystem plugin, then read back, so "saved" is said only of a file that holds it.
 * Resolves with what to tell the member.
 */
export async function exportConversation(title: string, entries: readonly ChatEntry[]): Promise<string> {
  const name = markdownFileName(title);
  const text = conversationMarkdown(title, entries, window.location.origin);
  await saveTextFile(name, text, 'text/markdown;charset=utf-8');
  if (!isNativePlatform()) return `Downloaded ${name}.`;
  if ((await readTextFile(name)) !== text) throw new Error(`${name} was not saved whole.`);
  return `Saved ${name} to Documents.`;
}
