import type { AdminNotification } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';
import { linkProblem } from './components/NotificationComposer.tsx';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server: twelve members, an empty history, no undelivered mail, and a send that goes to all of them. */
function serveNotifications() {
  const sent: AdminNotification[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    if (pathname === '/api/events')
      return new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } });
    if (pathname === '/api/admin/notifications/audience-size') return json({ targeted: 12 });
    // The page's "Undelivered email" section: nothing is waiting.
    if (pathname === '/api/admin/mail/dead-letters')
      return json({ items: [], total: 0, page: 1, pageSize: 10 });
    if (pathname === '/api/admin/notifications' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Pick<
        AdminNotification,
        'title' | 'body' | 'link' | 'audience'
      >;
      sent.unshift({
        ...body,
        id: 'n-1',
        kind: 'announcements',
        status: 'sent',
        scheduledFor: null,
        sentAt: '2030-03-03T10:00:00.000Z',
        createdAt: '2030-03-03T10:00:00.000Z',
        createdBy: 'user-admin',
        counts: { targeted: 12, deliveredInApp: 12, deliveredPush: 0, read: 0 },
      });
      return json(sent[0], 201);
    }
    if (pathname === '/api/admin/notifications')
      return json({ items: sent, total: sent.length, page: 1, pageSize: 20 });
    return json({ items: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  signInForTest('admin');
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('composing a notification with a screen reader', () => {
  it('hears a wrong link at once and assertively, is put on the field, and hears the send confirmed politely', async () => {
    const fetchMock = serveNotifications();
    const reader = await renderWithScreenReader('/admin/notifications');
    await reader.moveTo('heading, Notifications, level 1');
    await reader.moveTo('form, Compose');
    await reader.moveTo('textbox, Title, required');
    await reader.type('Fair');
    await reader.moveTo('textbox, Message, required');
    await reader.type('Friday.');
    await reader.moveTo(/^textbox, Deep link \(a path in the app, optional\)/);
    await reader.type('x');
    await reader.moveTo('button, Send notification');
    await reader.press();

    expect(await reader.heard(/Use a path inside the app/)).toEqual([`assertive: ${linkProblem}`]);
    // Put back on the field, which says what is wrong with it.
    await vi.waitFor(async () =>
      expect(await reader.reading()).toBe(
        `textbox, Deep link (a path in the app, optional), x, ${linkProblem}, invalid`,
      ),
    );
    await reader.virtual.press('Backspace');
    await reader.type('/skills');
    await reader.moveTo('button, Send notification');
    await reader.press();

    await reader.heard(/^polite: Sent/);
    expect((await reader.announcements()).filter((said) => !said.includes('This reaches'))).toEqual([
      `assertive: ${linkProblem}`,
      'polite: Sent "Fair" to 12 members.',
    ]);
    const sends = fetchMock.mock.calls.filter(
      ([input, init]) => init?.method === 'POST' && String(input).endsWith('/api/admin/notifications'),
    );
    expect(sends).toHaveLength(1);
  });
});
