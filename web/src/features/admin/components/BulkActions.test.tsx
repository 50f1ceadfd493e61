import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminUserFilter } from '@uplift/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BulkActions } from './BulkActions.tsx';

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The server: `POST /api/users/bulk` answers with `answer`; every request is recorded. */
function server(answer: () => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({
        method: init?.method ?? 'GET',
        path: new URL(String(input), 'http://localhost').pathname,
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      });
      return answer();
    }),
  );
  return { changes: () => sent.filter((request) => request.method !== 'GET') };
}

const activeMatchingFilter: AdminUserFilter = { status: 'active', q: 'example.test' };

/** The users page says what came of the action; so does this harness. */
function Harness({ selectedIds, total }: { selectedIds: string[]; total: number }) {
  const [message, setMessage] = useState('');
  return (
    <>
      <BulkActions
        selectedIds={selectedIds}
        total={total}
        filter={activeMatchingFilter}
        onDone={setMessage}
      />
      <p role="status">{message}</p>
    </>
  );
}

function show(selectedIds: string[], total = 37) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <Harness selectedIds={selectedIds} total={total} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('bulk actions on members', () => {
  it('offers nothing to apply until an action is chosen, and never Admin in bulk', async () => {
    const user = userEvent.setup();
    server(() => Response.json({}));
    show(['u-1', 'u-2']);
    const apply = screen.getByRole('button', { name: 'Apply to 2 members' });
    expect(apply).toBeDisabled();
    const action = screen.getByRole('combobox', { name: 'Action' });
    expect(within(action).queryByRole('option', { name: 'Make Admin' })).not.toBeInTheDocument();
    await user.selectOptions(action, 'Make Premium member');
    expect(apply).toBeEnabled();
  });

  it('suspends the ticked members after a danger confirmation, with the reason, and reports the outcome', async () => {
    const user = userEvent.setup();
    const api = server(() =>
      Response.json({
        changed: 1,
        unchanged: 0,
        skipped: [{ id: 'u-2', email: 'me@example.test', reason: 'You cannot suspend yourself.' }],
      }),
    );
    show(['u-1', 'u-2']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Suspend');
    await user.click(screen.getByRole('button', { name: 'Apply to 2 members' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend 2 chosen members?' });
    expect(dialog).toHaveTextContent('Only the 2 members you ticked.');
    expect(dialog).toHaveTextContent('Each of them is signed out everywhere at once.');
    expect(api.changes()).toEqual([]);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason, shown to each of them (optional)' }),
      'Spam wave',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Suspend 2 members' }));
    expect(
      await screen.findByText(
        '1 changed, 0 already so. Skipped me@example.test: You cannot suspend yourself.',
      ),
    ).toBe(screen.getByRole('status'));
    expect(api.changes()).toEqual([
      {
        method: 'POST',
        path: '/api/users/bulk',
        body: { target: { ids: ['u-1', 'u-2'] }, action: { type: 'suspend', reason: 'Spam wave' } },
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The choice is spent: nothing is applied twice by a second tap.
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveDisplayValue('Choose an action');
  });

  it('for every member the filter matches, sends the filter and the count the admin confirmed', async () => {
    const user = userEvent.setup();
    const api = server(() => Response.json({ changed: 30, unchanged: 7, skipped: [] }));
    show(['u-1']);
    await user.click(screen.getByRole('checkbox', { name: 'All 37 that match the filter' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Make Premium member');
    await user.click(screen.getByRole('button', { name: 'Apply to 37 members' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Make Premium member all 37 members that match the filter?',
    });
    expect(dialog).toHaveTextContent(
      'Every member the filter matches, on every page, not only those shown here: 37 in all.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Make Premium member 37 members' }));
    expect(await screen.findByText('30 changed, 7 already so.')).toBeInTheDocument();
    expect(api.changes()).toEqual([
      {
        method: 'POST',
        path: '/api/users/bulk',
        body: {
          target: { filter: activeMatchingFilter, expectedCount: 37 },
          action: { type: 'role', role: 'member-tier-2' },
        },
      },
    ]);
  });

  it('sends nothing when the admin cancels', async () => {
    const user = userEvent.setup();
    const api = server(() => Response.json({ changed: 0, unchanged: 0, skipped: [] }));
    show(['u-1']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Reinstate');
    await user.click(screen.getByRole('button', { name: 'Apply to 1 member' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reinstate 1 chosen member?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.changes()).toEqual([]);
  });

  it('shows the server’s refusal when the count no longer matches, and keeps the choice to try again', async () => {
    const user = userEvent.setup();
    server(() =>
      Response.json(
        {
          success: false,
          error: {
            code: 'VALIDATION_ERROR',
            message: 'The filter now matches 38 members, not 37: check and try again.',
            statusCode: 409,
          },
        },
        { status: 409 },
      ),
    );
    show([]);
    expect(screen.getByRole('button', { name: 'Apply to 0 members' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'All 37 that match the filter' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Reinstate');
    await user.click(screen.getByRole('button', { name: 'Apply to 37 members' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Reinstate 37 members' }),
    );
    expect(await screen.findByText('The filter now matches 38 members, not 37: check and try again.')).toBe(
      screen.getByRole('status'),
    );
    expect(screen.queryByText(/changed/)).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveDisplayValue('Reinstate');
    expect(screen.getByRole('checkbox', { name: 'All 37 that match the filter' })).toBeChecked();
  });
});
