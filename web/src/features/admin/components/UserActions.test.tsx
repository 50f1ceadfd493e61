import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminUser } from '@uplift/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { undoWindowMs } from '../../../ui/undoWindow.ts';
import { UserActions } from './UserActions.tsx';

const bo: AdminUser = {
  id: 'u-bo',
  email: 'bo@example.test',
  displayName: 'Bo Lind',
  role: 'member-tier-1',
  status: 'active',
  suspendedAt: null,
  emailVerifiedAt: '2030-01-02T09:00:00.000Z',
  joinedAt: '2030-01-01T09:00:00.000Z',
  lastActiveAt: null,
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The server: PATCH and DELETE of /api/users/:id answer with `answer`; every request is recorded. */
function server(answer: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = {
        method: init?.method ?? 'GET',
        path: new URL(String(input), 'http://localhost').pathname,
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      };
      sent.push(request);
      return answer(request);
    }),
  );
  return { changes: () => sent.filter((request) => request.method !== 'GET') };
}

const refused = (status: number, message: string) =>
  Response.json(
    { success: false, error: { code: 'PERMISSION_DENIED', message, statusCode: status } },
    { status },
  );

// jsdom's accessible names join a button's words and its screen-reader-only name without the space a
// browser keeps, hence the \s* in those names.

/** The admin's page says what came of each action where they can read it; so does this harness. */
function Harness({ user }: { user: AdminUser }) {
  const [message, setMessage] = useState('');
  return (
    <>
      <UserActions user={user} onMessage={setMessage} withHistory={false} />
      <p role="status">{message}</p>
    </>
  );
}

function show(user: AdminUser = bo) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <Harness user={user} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('one member’s actions', () => {
  it('asks before a new role, sends only the role, and says the member’s new role', async () => {
    const user = userEvent.setup();
    const api = server(() => Response.json({ ...bo, role: 'member-tier-2' }));
    show();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Bo Lind' }), 'Premium member');
    const dialog = screen.getByRole('dialog', { name: 'Make Bo Lind a Premium member?' });
    expect(api.changes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Make Premium member' }));
    expect(await screen.findByText('Bo Lind is now Premium member.')).toBe(screen.getByRole('status'));
    expect(api.changes()).toEqual([
      { method: 'PATCH', path: '/api/users/u-bo', body: { role: 'member-tier-2' } },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('makes an admin only once their email is typed, and sends that email for the server to check', async () => {
    const user = userEvent.setup();
    const api = server(() => Response.json({ ...bo, role: 'admin' }));
    show();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Bo Lind' }), 'Admin');
    const dialog = screen.getByRole('dialog', { name: 'Make Bo Lind an admin?' });
    const confirm = within(dialog).getByRole('button', { name: 'Make admin' });
    expect(confirm).toBeDisabled();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Type bo@example.test to confirm' }),
      'bo@example.test',
    );
    await user.click(confirm);
    expect(await screen.findByText('Bo Lind is now Admin.')).toBeInTheDocument();
    expect(api.changes()).toEqual([
      { method: 'PATCH', path: '/api/users/u-bo', body: { role: 'admin', confirmEmail: 'bo@example.test' } },
    ]);
  });

  it('sends nothing when the admin cancels a new role, and the member keeps their role', async () => {
    const user = userEvent.setup();
    const api = server(() => Response.json(bo));
    show();
    const role = screen.getByRole('combobox', { name: 'Role of Bo Lind' });
    await user.selectOptions(role, 'Premium member');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(role).toHaveDisplayValue('Member');
    expect(api.changes()).toEqual([]);
  });

  it('suspends with the reason only after the undo window, and says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = server(() => Response.json({ ...bo, status: 'suspended' }));
    show();
    await user.click(screen.getByRole('button', { name: /^Suspend\s*Bo Lind$/ }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Bo Lind?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason, shown to Bo Lind (optional)' }),
      'Spam in the feed',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Suspend and sign out' }));
    expect(screen.getByRole('button', { name: /^Suspending…\s*Bo Lind$/ })).toBeDisabled();
    expect(api.changes()).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(undoWindowMs));
    expect(await screen.findByText('Bo Lind is suspended and signed out everywhere.')).toBeInTheDocument();
    expect(api.changes()).toEqual([
      {
        method: 'PATCH',
        path: '/api/users/u-bo',
        body: { suspended: true, suspendReason: 'Spam in the feed' },
      },
    ]);
  });

  it('deletes only after the danger confirmation, and shows the server’s refusal when it says no', async () => {
    const user = userEvent.setup();
    const api = server(() => refused(403, 'Bo Lind is the last admin and cannot be deleted.'));
    show();
    await user.click(screen.getByRole('button', { name: /^Delete\s*Bo Lind$/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Bo Lind for good?' });
    expect(dialog).toHaveAccessibleDescription(
      'Their sessions end and their personal data is removed; this cannot be undone.',
    );
    expect(api.changes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete Bo Lind' }));
    expect(await screen.findByText('Bo Lind is the last admin and cannot be deleted.')).toBe(
      screen.getByRole('status'),
    );
    expect(screen.queryByText(/is deleted/)).not.toBeInTheDocument();
    expect(api.changes()).toEqual([{ method: 'DELETE', path: '/api/users/u-bo', body: undefined }]);
  });

  it('reinstates a suspended member at once and says so', async () => {
    const user = userEvent.setup();
    const api = server(() => Response.json(bo));
    show({ ...bo, status: 'suspended', suspendedAt: '2030-01-03T09:00:00.000Z' });
    expect(screen.queryByRole('button', { name: /^Suspend\s*Bo Lind$/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Reinstate\s*Bo Lind$/ }));
    expect(await screen.findByText('Bo Lind is reinstated.')).toBeInTheDocument();
    expect(api.changes()).toEqual([{ method: 'PATCH', path: '/api/users/u-bo', body: { suspended: false } }]);
  });
});
