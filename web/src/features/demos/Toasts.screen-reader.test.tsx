import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { goOnline } from '../../test/offlineLayer.ts';

/**
 * Toasts as a screen reader hears them (issue 44.22, decision 0121), on the error demo, whose buttons show
 * each catalogue error's toast: errors assertively, everything else politely, each toast once and only its
 * own words, however many are stacked.
 */

beforeEach(() => {
  goOnline();
  // The demo makes no call; the frame's live connection and error reports get a quiet answer.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const serverError = 'Error: Server Error Server error occurred. Please try again later.';
const connectionError =
  'Warning: Connection Error Network connection error. Please check your internet connection.';
const offlineMode =
  'Information: Offline Mode You are currently offline. Your action has been queued and will be completed when connection returns.';

describe('toasts, as a screen reader hears them', () => {
  it('says an error toast assertively, once', async () => {
    const reader = await renderWithScreenReader('/error-demo');
    await reader.moveTo('button, Show API_ERROR');
    await reader.press();
    expect(await reader.heard(/Server Error/)).toEqual([`assertive: ${serverError}`]);
    // Time for a second saying of the same toast, were there one.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await reader.announcements()).toEqual([`assertive: ${serverError}`]);
  });

  it('says each stacked toast once, in its own voice, with its own words and no counter', async () => {
    const reader = await renderWithScreenReader('/error-demo');
    await reader.moveTo('button, Show OFFLINE_ERROR');
    await reader.press();
    await reader.heard(/Offline Mode/);
    await reader.moveTo('button, Show NETWORK_ERROR');
    await reader.press();
    await reader.heard(/Connection Error/);
    await reader.moveTo('button, Show API_ERROR');
    await reader.press();
    await reader.heard(/Server Error/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await reader.announcements()).toEqual([
      `polite: ${offlineMode}`,
      `polite: ${connectionError}`,
      `assertive: ${serverError}`,
    ]);
  });
});
