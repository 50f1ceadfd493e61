import { act } from '@testing-library/preact';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { Sheet } from './Sheet.tsx';

describe('a sheet gives the page back in the commit that removes it', () => {
  const page = document.createElement('main');
  afterEach(() => {
    document.body.replaceChildren();
    document.documentElement.style.overflow = '';
  });

  it('unlocks scrolling, lifts inert and returns focus before the next frame', async () => {
    const opener = document.createElement('button');
    page.append(opener);
    const container = document.createElement('div');
    document.body.append(page, container);
    opener.focus();
    const root = createRoot(container);
    const sheet = (open: boolean) => (
      <Sheet open={open} onClose={() => undefined} title="Connect">
        <button type="button">Send</button>
      </Sheet>
    );
    await act(async () => root.render(sheet(true)));
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(page.hasAttribute('inert')).toBe(true);

    // Not wrapped in act: only what the commit itself runs has happened when this returns.
    root.render(sheet(false));
    expect(document.documentElement.style.overflow).toBe('');
    expect(page.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(opener);
    await act(async () => root.unmount());
  });
});
