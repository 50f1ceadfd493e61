import { Virtual } from '@guidepup/virtual-screen-reader';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { AppFrame } from '../app/AppFrame.tsx';
import { createAppRoutes } from '../app/routes.tsx';
import { toastStore } from '../lib/toasts/toastStore.ts';
import { resetAnnouncer } from '../ui/announce.ts';

/**
 * Screen-reader tests (decision 0116): a page is rendered as main.tsx renders it (the frame with its toasts
 * and offline bar around the real route tree) and driven by a virtual screen reader, by what it says: move
 * with next() until a phrase is heard, act(), type(). What the test asserts is what was spoken, the live
 * announcements ("polite: …", "assertive: …") included.
 */

const live = /^(polite|assertive): /;
// The virtual reader logs a live region emptied as "polite: " with nothing after it; a real one says nothing.
const silent = /^(polite|assertive): $/;

export interface ScreenReader {
  virtual: Virtual;
  /** Moves on (as the reader's "next" key) until the spoken phrase matches; fails with what was heard. */
  moveTo(phrase: string | RegExp): Promise<string>;
  /** Types into the field under the cursor, as a member typing on the keyboard. */
  type(text: string): Promise<void>;
  /** Presses (activates) the control under the cursor. */
  press(): Promise<void>;
  /** What the reader last said about the item under its cursor (live announcements aside). */
  reading(): Promise<string>;
  /** Every live announcement so far, in order, e.g. "polite: Success: Post shared." */
  announcements(): Promise<string[]>;
  /** Waits until an announcement matches, and returns all that match it. */
  heard(phrase: string | RegExp): Promise<string[]>;
}

function matches(spoken: string, phrase: string | RegExp): boolean {
  return typeof phrase === 'string' ? spoken === phrase : phrase.test(spoken);
}

// How far moveTo walks before it gives up: every screen tested here is shorter.
const maxSteps = 400;

let running: Virtual | null = null;

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(async () => {
  await running?.stop();
  running = null;
  toastStore.dismissAll();
  resetAnnouncer();
});

/** Renders `path` in the app's frame, with the real routes, and starts a virtual screen reader on the page. */
export async function renderWithScreenReader(path: string): Promise<ScreenReader> {
  document.title = '';
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppFrame queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppFrame>,
  );
  const virtual = new Virtual();
  await virtual.start({ container: document.body });
  running = virtual;

  async function moveTo(phrase: string | RegExp): Promise<string> {
    // The screen may still be loading: each pass walks to the end, and the next starts over from the top.
    const deadline = Date.now() + 5_000;
    for (;;) {
      for (let step = 0; step < maxSteps; step += 1) {
        const spoken = await reading();
        if (matches(spoken, phrase)) return spoken;
        if (spoken === 'end of document') break;
        await virtual.next();
      }
      if (Date.now() > deadline) {
        const heard = (await virtual.spokenPhraseLog()).filter((said) => !live.test(said));
        throw new Error(`Never heard ${String(phrase)}; heard:\n${heard.slice(-60).join('\n')}`);
      }
      await pause();
      while ((await reading()) !== 'document') await virtual.previous();
    }
  }

  async function reading(): Promise<string> {
    const said = await virtual.spokenPhraseLog();
    return said.findLast((phrase) => !live.test(phrase)) ?? '';
  }

  async function announcements(): Promise<string[]> {
    return (await virtual.spokenPhraseLog()).filter((said) => live.test(said) && !silent.test(said));
  }

  return {
    virtual,
    moveTo,
    type: (text) => virtual.type(text),
    press: () => virtual.act(),
    reading,
    announcements,
    async heard(phrase) {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = (await announcements()).filter((said) => matches(said, phrase));
        if (found.length > 0) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `No announcement ${String(phrase)}; announced:\n${(await announcements()).join('\n')}`,
          );
        }
        await pause();
      }
    },
  };
}
