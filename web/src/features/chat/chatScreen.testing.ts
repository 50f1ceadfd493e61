import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { resetAuthForTest } from '../auth/testing.ts';
import { renderRoute } from '../../test/renderRoute.tsx';

/** Screen helpers shared by the /chat tests (anonymous and member). */

export const conversationId = '0b7c3f8e-1d2a-4c5b-9e6f-7a8b9c0d1e2f';

export async function openChat(path = '/chat') {
  const rendered = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Chat with Vale' });
  return rendered;
}

export function composer() {
  return screen.getByRole('textbox', { name: 'Message Vale' });
}

/** The messages, once any conversation being opened has loaded. */
export function conversationRegion() {
  return screen.findByRole('region', { name: 'Conversation' });
}

export async function ask(user: ReturnType<typeof userEvent.setup>, text: string) {
  // A member's screen first finds out which conversation to open.
  await waitFor(() => expect(composer()).toBeEnabled());
  await user.type(composer(), text);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

export function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

/** beforeEach: a fresh tab, in view, with no draft left by another test. */
export function freshChatTab() {
  sessionStorage.clear();
  localStorage.clear();
  setVisibility('visible');
}

/** afterEach: nobody signed in, no stubbed globals. */
export function resetChatTab() {
  resetAuthForTest();
  vi.unstubAllGlobals();
}
