import type { MemberNotification } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';

/**
 * A notification arriving live, as a screen reader hears it (issue 44.22, decision 0121): politely, once,
 * by its title, on whatever screen the member is reading; the badge alone says nothing.
 */

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

const arrived: MemberNotification = {
  id: '00000000-0000-4000-8000-000000000002',
  kind: 'announcements',
  title: 'Mentoring evening on Thursday',
  body: 'Bring one question about your next role.',
  link: null,
  createdAt: '2030-03-03T10:00:00.000Z',
  readAt: null,
};

/** The server: one unread notification, a quiet community, and a live stream the test publishes into. */
function serveMember() {
  const encoder = new TextEncoder();
  let events: ReadableStreamDefaultController<Uint8Array> | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/notifications/read-all') return json({ unreadCount: 0 });
      if (pathname === '/api/events')
        return new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              events = controller;
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        );
      if (pathname === '/api/notifications/unread-count') return json({ unreadCount: 1 });
      if (pathname === '/api/notifications')
        return json({ items: [arrived], unreadCount: 2, nextCursor: null });
      if (pathname === '/api/community/topics')
        return json({ items: [{ id: 'wins', name: 'Wins', description: 'Good news' }] });
      if (pathname === '/api/community/posts') return json({ pinned: [], items: [], nextCursor: null });
      return json({ items: [] });
    }),
  );
  return {
    /** The server's `notifications.changed` for a notification sent to this member. */
    publish(id: string, data: Record<string, unknown>) {
      const event = { id, type: 'notifications.changed', data, at: '2030-03-03T10:00:00.000Z' };
      events?.enqueue(encoder.encode(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`));
    },
  };
}

beforeEach(() => {
  signInForTest('member-tier-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('a notification arriving, with a screen reader', () => {
  it('is said politely, once, by its title, and a read elsewhere says nothing', async () => {
    const server = serveMember();
    const reader = await renderWithScreenReader('/community');
    // The badge has its count: what arrives now is news.
    await reader.moveTo(/^link, Profile Management, 1 new/);

    server.publish('7', { unreadCount: 2, notificationId: arrived.id });
    expect(await reader.heard(/New notification/)).toEqual([
      'polite: New notification: Mentoring evening on Thursday',
    ]);
    // One read on another device: the badge follows, nobody is told.
    server.publish('8', { unreadCount: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await reader.announcements()).toEqual(['polite: New notification: Mentoring evening on Thursday']);
  });

  it('is said once in the notification centre too, where "Mark all as read" is confirmed once', async () => {
    const server = serveMember();
    const reader = await renderWithScreenReader('/notifications');
    await reader.moveTo(/^link, Profile Management, 1 new/);
    await reader.moveTo('Mentoring evening on Thursday');

    server.publish('7', { unreadCount: 2, notificationId: arrived.id });
    await reader.heard(/New notification/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await reader.announcements()).toEqual(['polite: New notification: Mentoring evening on Thursday']);

    await reader.moveTo('button, Mark all as read');
    await reader.press();
    await reader.heard(/caught up/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await reader.announcements()).toEqual([
      'polite: New notification: Mentoring evening on Thursday',
      'polite: All caught up',
    ]);
  });
});
