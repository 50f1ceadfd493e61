import { act } from '@testing-library/react';
import { useLayoutEffect } from 'react';
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
    // What the page looks like in the commit itself: a layout effect after the sheet's runs in that commit,
    // before any effect React runs after paint (useEffect), which would come a frame later.
    let inCommit: { overflow: string; inert: boolean; focused: Element | null } | null = null;
    function AfterTheSheet({ open }: { open: boolean }) {
      useLayoutEffect(() => {
        inCommit = {
          overflow: document.documentElement.style.overflow,
          inert: page.hasAttribute('inert'),
          focused: document.activeElement,
        };
      }, [open]);
      return null;
    }
    const sheet = (open: boolean) => (
      <>
        <Sheet open={open} onClose={() => undefined} title="Connect">
          <button type="button">Send</button>
        </Sheet>
        <AfterTheSheet open={open} />
      </>
    );
    await act(async () => root.render(sheet(true)));
    expect(inCommit).toMatchObject({ overflow: 'hidden', inert: true });

    await act(async () => root.render(sheet(false)));
    expect(inCommit).toEqual({ overflow: '', inert: false, focused: opener });
    await act(async () => root.unmount());
  });
});
