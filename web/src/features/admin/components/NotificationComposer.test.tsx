import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { NotificationAudience } from '@uplift/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkProblem, NotificationComposer } from './NotificationComposer.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The server's count for each audience, as `POST /api/admin/notifications/audience-size` answers. */
function serverCounting(sizes: (audience: NotificationAudience) => number) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    if (pathname === '/api/admin/notifications/audience-size') {
      const { audience } = JSON.parse(String(init?.body)) as { audience: NotificationAudience };
      return new Response(JSON.stringify({ targeted: sizes(audience) }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ items: [] }), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the notification composer', () => {
  it('says how many members the send reaches, and again as the targeting changes', async () => {
    const user = userEvent.setup();
    serverCounting((audience) => (audience.type === 'everyone' ? 12 : audience.type === 'role' ? 1 : 0));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationComposer onSent={() => {}} />
      </QueryClientProvider>,
    );
    const reach = screen.getByRole('status');
    expect(await screen.findByText('This reaches 12 members.')).toBe(reach);

    await user.click(screen.getByRole('radio', { name: 'A role or tier' }));
    expect(await screen.findByText('This reaches 1 member.')).toBe(screen.getByRole('status'));

    await user.click(screen.getByRole('radio', { name: 'Chosen members' }));
    expect(await screen.findByText('This reaches nobody yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send notification' })).toBeDisabled();
  });

  function renderComposer() {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationComposer onSent={() => {}} />
      </QueryClientProvider>,
    );
  }

  it('previews the push and the in-app card as the admin types', async () => {
    const user = userEvent.setup();
    serverCounting(() => 3);
    renderComposer();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getAllByText('Your title')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Careers fair on Friday');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Meet six employers in the hall.');
    await user.type(screen.getByRole('textbox', { name: /Deep link/ }), '/partners');
    const push = within(preview).getByRole('figure', { name: 'Push notification' });
    expect(push).toHaveTextContent('Uplift · nowCareers fair on FridayMeet six employers in the hall.');
    const card = within(preview).getByRole('figure', { name: 'In the app’s notification centre' });
    expect(card).toHaveTextContent('Careers fair on FridayMeet six employers in the hall.Opens /partners');
  });

  it('says what is wrong with a link that leaves the app, by the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = serverCounting(() => 3);
    renderComposer();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Read this');
    const link = screen.getByRole('textbox', { name: /Deep link/ });
    await user.type(link, 'https://elsewhere.example/offer');
    expect(link).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription(linkProblem);
    await user.click(screen.getByRole('button', { name: 'Send notification' }));
    const posts = fetchMock.mock.calls.filter(([input, init]) => {
      return (
        init?.method === 'POST' &&
        new URL(String(input), 'http://localhost').pathname === '/api/admin/notifications'
      );
    });
    expect(posts).toEqual([]);
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('Opens nothing: no link');

    await user.clear(link);
    await user.type(link, '/community');
    expect(link).not.toHaveAttribute('aria-invalid');
  });
});
