import type { DirectConversation, DirectMessage } from '@uplift/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/renderRoute.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

const benId = '00000000-0000-4000-8000-00000000000b';

function message(id: string, body: string, mine: boolean): DirectMessage {
  return { id, conversationId: 'c1', body, mine, createdAt: '2030-03-03T10:00:00.000Z' };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The API as the browser sees it; `/api/events` stays open and the test publishes into it. */
function fakeServer(conversation: DirectConversation) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const encoder = new TextEncoder();
  let events: ReadableStreamDefaultController<Uint8Array> | null = null;
  let current = conversation;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (pathname === '/api/events')
        return new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              events = controller;
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        );
      if (method === 'GET' && pathname === `/api/messages/with/${benId}`) return json(current);
      if (method === 'POST' && pathname === `/api/messages/with/${benId}/read`)
        return json({ success: true });
      if (method === 'POST' && pathname === `/api/messages/with/${benId}`) {
        const sent = JSON.parse(String(init?.body)) as { id: string; body: string };
        return json(message(sent.id, sent.body, true), 201);
      }
      if (pathname === '/api/notifications/unread-count') return json({ unreadCount: 0 });
      return json(
        { success: false, error: { code: 'NOT_FOUND', message: 'No route', statusCode: 404 } },
        404,
      );
    }),
  );
  return {
    calls,
    /** Ben's side changed (a message, a read); the server tells this member's devices with ids only. */
    publish(next: DirectConversation) {
      current = next;
      const data = { id: '9', type: 'messages.changed', data: { with: benId }, at: new Date().toISOString() };
      events?.enqueue(encoder.encode(`id: 9\ndata: ${JSON.stringify(data)}\n\n`));
    },
  };
}

const start: DirectConversation = {
  id: 'c1',
  member: { id: benId, displayName: 'Ben Okafor', avatarUrl: null },
  messages: [message('m1', 'Coffee on Friday?', true)],
  seenMessageId: null,
  cannotMessage: null,
  blockedByMe: false,
  reported: false,
};

beforeEach(() => {
  signInForTest('member-tier-1');
});
afterEach(() => {
  resetAuthForTest();
  vi.unstubAllGlobals();
});

describe('/messages/:memberId', () => {
  it('shows "Seen" and the reply when the live event comes, and marks the reply read', async () => {
    const server = fakeServer(start);
    renderRoute(`/messages/${benId}`);
    const log = await screen.findByRole('log', { name: 'Messages with Ben Okafor' });
    expect(log).not.toHaveTextContent('Seen');

    server.publish({
      ...start,
      messages: [...start.messages, message('m2', 'Friday works', false)],
      seenMessageId: 'm1',
    });

    await waitFor(() => expect(log).toHaveTextContent('Friday works'));
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Seen');
    await waitFor(() =>
      expect(server.calls).toContainEqual({
        method: 'POST',
        path: `/api/messages/with/${benId}/read`,
        body: { upTo: 'm2' },
      }),
    );
  });

  it('sends with a message id and an idempotency key, and says why when the member cannot be messaged', async () => {
    const user = userEvent.setup();
    const server = fakeServer(start);
    renderRoute(`/messages/${benId}`);
    await user.type(await screen.findByRole('textbox', { name: 'Message Ben Okafor' }), 'See you there');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message Ben Okafor' })).toHaveValue(''));
    const fetchMock = vi.mocked(fetch);
    const sent = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith(`/api/messages/with/${benId}`) && init?.method === 'POST',
    );
    expect(new Headers(sent?.[1]?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({
      body: 'See you there',
      id: expect.any(String),
    });

    server.publish({ ...start, cannotMessage: 'not-accepting' });
    expect(await screen.findByText('Ben Okafor isn’t taking messages from you.')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Message Ben Okafor' })).toBeNull();
  });
});
