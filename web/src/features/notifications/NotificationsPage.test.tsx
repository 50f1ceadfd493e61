import type { MemberNotification } from '@uplift/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/renderRoute.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'] as const;

function notification(overrides: Partial<MemberNotification>): MemberNotification {
  return {
    id: ids[0],
    kind: 'announcements',
    title: 'Mentoring evening on Thursday',
    body: 'Bring one question about your next role.',
    link: null,
    createdAt: '2030-03-03T10:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

interface Call {
  method: string;
  path: string;
}

/** The API as the browser sees it; `/api/events` stays open and the test pushes events into it. */
function fakeServer(items: MemberNotification[]) {
  const calls: Call[] = [];
  let unread = items.filter((item) => item.readAt === null).length;
  const encoder = new TextEncoder();
  let events: ReadableStreamDefaultController<Uint8Array> | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: pathname });
      if (pathname === '/api/events')
        return new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              events = controller;
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        );
      if (method === 'GET' && pathname === '/api/notifications')
        return json({ items, unreadCount: unread, nextCursor: null });
      if (pathname === '/api/notifications/unread-count') return json({ unreadCount: unread });
      if (pathname === '/api/notifications/read-all') {
        unread = 0;
        return json({ unreadCount: 0 });
      }
      if (/^\/api\/notifications\/[0-9a-f-]+\/read$/.test(pathname)) {
        unread = Math.max(0, unread - 1);
        return json({ unreadCount: unread });
      }
      return json(
        { success: false, error: { code: 'NOT_FOUND', message: 'No route', statusCode: 404 } },
        404,
      );
    }),
  );
  return {
    calls,
    /** The server publishes `notifications.changed`, as it does for every change on any device. */
    changed(unreadCount: number) {
      unread = unreadCount;
      const data = {
        id: '7',
        type: 'notifications.changed',
        data: { unreadCount },
        at: new Date().toISOString(),
      };
      events?.enqueue(encoder.encode(`id: 7\ndata: ${JSON.stringify(data)}\n\n`));
    },
  };
}

const profileTab = () => screen.getByRole('link', { name: 'Profile Management' });

beforeEach(() => {
  signInForTest('member-tier-1');
});
afterEach(() => {
  resetAuthForTest();
  vi.unstubAllGlobals();
});

describe('/notifications', () => {
  it('marks unread ones, badges the profile tab, and "Mark all as read" clears both', async () => {
    const user = userEvent.setup();
    const server = fakeServer([
      notification({ id: ids[0] }),
      notification({ id: ids[1], title: 'Your connection request was accepted', kind: 'partners' }),
    ]);
    renderRoute('/notifications');

    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByText('Unread:')).toHaveLength(2);
    expect(screen.getByText('2 unread')).toBeInTheDocument();
    await waitFor(() => expect(profileTab()).toHaveAccessibleDescription('2 new'));

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByText('All caught up')).toBeInTheDocument();
    expect(within(list).queryByText('Unread:')).not.toBeInTheDocument();
    await waitFor(() => expect(profileTab()).not.toHaveAccessibleDescription());
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(server.calls).toContainEqual({ method: 'POST', path: '/api/notifications/read-all' });
  });

  it('opening one marks it read and follows its deep link', async () => {
    const user = userEvent.setup();
    const server = fakeServer([notification({ title: 'A new partner joined', link: '/partners' })]);
    const { router } = renderRoute('/notifications');

    await user.click(await screen.findByRole('link', { name: /A new partner joined/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/partners'));
    expect(server.calls).toContainEqual({ method: 'POST', path: `/api/notifications/${ids[0]}/read` });
    await waitFor(() => expect(profileTab()).not.toHaveAccessibleDescription());
  });

  it('a notification without a link is marked read from its own button', async () => {
    const user = userEvent.setup();
    fakeServer([notification({})]);
    renderRoute('/notifications');

    await user.click(await screen.findByRole('button', { name: 'Mark as read' }));

    expect(await screen.findByText('All caught up')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
  });

  it('the badge follows the live event from another device', async () => {
    const server = fakeServer([]);
    renderRoute('/notifications');
    expect(await screen.findByText('No notifications yet', { exact: false })).toBeInTheDocument();
    await waitFor(() => expect(server.calls.some((call) => call.path === '/api/events')).toBe(true));

    act(() => server.changed(3));

    await waitFor(() => expect(profileTab()).toHaveAccessibleDescription('3 new'));
    expect(screen.getByText('3 unread')).toBeInTheDocument();
  });
});
