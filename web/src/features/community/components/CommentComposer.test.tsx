import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineQueue } from '../../../lib/offline/index.ts';
import { CommentComposer } from './CommentComposer.tsx';
import { goOnline } from '../../../test/offlineLayer.ts';

// The browser build: connectivity follows the web view, not the shells' network plugin.
vi.mock('../../../lib/native/platform.ts', () => ({ isNativePlatform: () => false }));

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server holds each comment until the test lets it land, then echoes it back. */
let land: () => void = () => {};
const sentBodies: string[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const { pathname } = new URL(String(input), 'http://localhost');
  const sent = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  if (init?.method === 'POST' && pathname.endsWith('/comments')) {
    sentBodies.push(String(sent.body));
    await new Promise<void>((resolve) => {
      land = resolve;
    });
    return json(sent, 201);
  }
  return json({ success: false, error: { code: 'NOT_FOUND', message: 'No route', statusCode: 404 } }, 404);
});

function composer(quote?: { markdown: string; n: number }): ReactNode {
  return <CommentComposer postId="post-1" userId="member-1" label="Add a comment" quote={quote} />;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  goOnline();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  sentBodies.length = 0;
  await offlineQueue.clear({ notify: false });
  localStorage.clear();
});

describe('a comment in flight', () => {
  it('keeps what is typed into the box while it is sent, and clears only what was sent', async () => {
    const client = new QueryClient();
    render(<QueryClientProvider client={client}>{composer()}</QueryClientProvider>);
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(box, 'Well done!');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sentBodies).toEqual(['Well done!']));

    await userEvent.type(box, ' And one more thing');
    land();

    await waitFor(() => expect(box).toHaveValue('And one more thing'));
    // The rest is still the member's draft after leaving the page.
    expect(Object.values({ ...localStorage })).toContain('And one more thing');
  });

  it('keeps a quote added while the comment was in flight', async () => {
    const client = new QueryClient();
    const view = render(<QueryClientProvider client={client}>{composer()}</QueryClientProvider>);
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(box, 'Agreed.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sentBodies).toEqual(['Agreed.']));

    view.rerender(
      <QueryClientProvider client={client}>
        {composer({ markdown: '> Start small', n: 1 })}
      </QueryClientProvider>,
    );
    expect(box).toHaveValue('Agreed.\n\n> Start small');
    land();

    await waitFor(() => expect(box).toHaveValue('> Start small'));
  });

  it('empties the box when nothing was added', async () => {
    render(<QueryClientProvider client={new QueryClient()}>{composer()}</QueryClientProvider>);
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(box, 'Congratulations!');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sentBodies).toEqual(['Congratulations!']));
    land();

    await waitFor(() => expect(box).toHaveValue(''));
    expect(localStorage.length).toBe(0);
  });
});
