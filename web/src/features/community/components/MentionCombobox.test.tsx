import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { mentionToken, type MemberDirectoryQuery } from '@uplift/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MentionCombobox } from './MentionCombobox.tsx';

const ada = { id: '0b5e3f3c-1d2e-4f50-9a6b-7c8d9e0f1a2b', name: 'Ada Lovelace' };
const alan = { id: '1c6f4a4d-2e3f-4a61-8b7c-8d9e0f1a2b3c', name: 'Alan Turing' };

// The directory answers by name, as the server does: what the field does with the answer is tested here.
vi.mock('../api/getMembers.ts', () => ({
  membersQueryOptions: (query: MemberDirectoryQuery) =>
    queryOptions({
      queryKey: ['members', query],
      queryFn: () => {
        const items = [ada, alan]
          .filter((member) => member.name.toLowerCase().includes(String(query.q).toLowerCase()))
          .map((member) => ({
            ...member,
            avatarUrl: null,
            headline: null,
            industry: null,
            city: null,
            topSkills: [],
            distanceKm: null,
          }));
        return { items, total: items.length, page: 1, pageSize: 6 };
      },
    }),
}));

function Field() {
  const [text, setText] = useState('');
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MentionCombobox label="Your post" value={text} onChange={setText} maxLength={500} rows={3} />
    </QueryClientProvider>
  );
}

describe('MentionCombobox', () => {
  it('suggests members after "@", moves with the arrows and writes the mention on Enter', async () => {
    render(<Field />);
    const field = screen.getByRole('textbox', { name: 'Your post' });
    await userEvent.type(field, 'Thanks @a');
    const list = await screen.findByRole('listbox', { name: 'Members to mention' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Ada Lovelace',
      'Alan Turing',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 members to mention');
    expect(field).toHaveAttribute('aria-controls', list.id);
    const [first, second] = screen.getAllByRole('option');
    expect(field).toHaveAttribute('aria-activedescendant', first?.id);

    await userEvent.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', second?.id);
    expect(second).toHaveAttribute('aria-selected', 'true');
    // Up from the first wraps round to the last, and back.
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(field).toHaveAttribute('aria-activedescendant', second?.id);

    await userEvent.keyboard('{Enter}');
    expect(field).toHaveValue(`Thanks ${mentionToken(alan.id, alan.name)} `);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field).not.toHaveAttribute('aria-activedescendant');
    // The caret is after the mention: typing goes on from there.
    await userEvent.keyboard('for the tips');
    expect(field).toHaveValue(`Thanks ${mentionToken(alan.id, alan.name)} for the tips`);
  });

  it('closes on Escape and leaves Enter to the text; narrowing the name narrows the list', async () => {
    render(<Field />);
    const field = screen.getByRole('textbox', { name: 'Your post' });
    await userEvent.type(field, '@ad');
    await screen.findByRole('option', { name: 'Ada Lovelace' });
    expect(screen.getAllByRole('option')).toHaveLength(1);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(field).toHaveValue('@ad\n');
  });

  it('offers nothing for an "@" inside a word, such as an email address', async () => {
    render(<Field />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Your post' }), 'write to ada@a');
    expect(screen.queryByRole('option')).toBeNull();
  });
});
