import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MailDeadLetter } from '@uplift/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UndeliveredMail } from './UndeliveredMail.tsx';

const letter = (i: number, overrides: Partial<MailDeadLetter> = {}): MailDeadLetter => ({
  id: `dl-${i}`,
  kind: 'notification',
  recipient: `reader${i}@example.test`,
  attempts: 6,
  error: `451 try later (${i})`,
  failedAt: `2030-03-01T10:${String(i).padStart(2, '0')}:00Z`,
  ...overrides,
});

let letters: MailDeadLetter[] = [];
const requests: Array<{ method: string; url: URL }> = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The dead-letter API as the server answers it: pages of 10, a retry removes the letter. */
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  requests.push({ method, url });
  if (method === 'GET' && url.pathname === '/api/admin/mail/dead-letters') {
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const items = letters.slice((page - 1) * pageSize, page * pageSize);
    return json({ items, total: letters.length, page, pageSize });
  }
  const retried = /^\/api\/admin\/mail\/dead-letters\/([^/]+)\/retry$/.exec(url.pathname);
  if (method === 'POST' && retried) {
    const found = letters.find((each) => each.id === retried[1]);
    letters = letters.filter((each) => each !== found);
    return found
      ? json(found, 202)
      : json(
          { success: false, error: { code: 'NOT_FOUND', message: 'No undelivered email has this id.' } },
          404,
        );
  }
  return json({}, 404);
});

function renderSection(onMessage = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UndeliveredMail onMessage={onMessage} />
    </QueryClientProvider>,
  );
  return onMessage;
}

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('undelivered email', () => {
  it('says so when every email was delivered', async () => {
    letters = [];
    renderSection();
    expect(await screen.findByText('Every email was delivered.')).toBeInTheDocument();
  });

  it('shows when, to whom, which kind and the last error, a page at a time', async () => {
    const user = userEvent.setup();
    letters = [
      letter(0, { kind: 'password-reset', recipient: 'ada@example.test', error: 'connect ECONNREFUSED' }),
      ...Array.from({ length: 11 }, (_, i) => letter(i + 1)),
    ];
    renderSection();
    const list = await screen.findByRole('list', { name: 'Undelivered email' });
    expect(screen.getByText('12 emails failed after every retry.')).toBeInTheDocument();
    const first = within(list).getAllByRole('listitem')[0];
    expect(first).toHaveTextContent('Password-reset link');
    expect(first).toHaveTextContent('To ada@example.test');
    expect(first).toHaveTextContent('after 6 attempts');
    expect(first).toHaveTextContent('Last error: connect ECONNREFUSED');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeInTheDocument());
    const second = await screen.findByRole('list', { name: 'Undelivered email' });
    await waitFor(() => expect(within(second).getAllByRole('listitem')).toHaveLength(2));
    expect(second).toHaveTextContent('To reader11@example.test');
  });

  it('retries one: it is queued again, leaves the list, and the admin is told', async () => {
    const user = userEvent.setup();
    letters = [letter(1, { kind: 'password-reset', recipient: 'ada@example.test' }), letter(2)];
    const onMessage = renderSection();
    await user.click(
      await screen.findByRole('button', { name: 'Retry: Password-reset link to ada@example.test' }),
    );
    await waitFor(() =>
      expect(onMessage).toHaveBeenCalledWith('Queued again: Password-reset link to ada@example.test.'),
    );
    expect(requests.filter((each) => each.method === 'POST').map((each) => each.url.pathname)).toEqual([
      '/api/admin/mail/dead-letters/dl-1/retry',
    ]);
    await waitFor(() => expect(screen.queryByText('To ada@example.test')).not.toBeInTheDocument());
    expect(screen.getByText('To reader2@example.test')).toBeInTheDocument();
  });
});
