import { render, screen, within } from '@testing-library/react';
import type { DirectConversation } from '@uplift/contracts';
import { describe, expect, it } from 'vitest';
import { MessageThread } from './MessageThread.tsx';

const base: DirectConversation = {
  id: 'c1',
  member: { id: 'ben', displayName: 'Ben Okafor', avatarUrl: null },
  messages: [
    { id: 'm1', conversationId: 'c1', body: 'Hi Ben', mine: true, createdAt: '2026-03-02T09:00:00.000Z' },
    { id: 'm2', conversationId: 'c1', body: 'Hi Ana', mine: false, createdAt: '2026-03-02T09:01:00.000Z' },
    { id: 'm3', conversationId: 'c1', body: 'Coffee?', mine: true, createdAt: '2026-03-02T09:02:00.000Z' },
  ],
  seenMessageId: 'm1',
  cannotMessage: null,
  blockedByMe: false,
  reported: false,
};

const items = () =>
  within(screen.getByRole('log', { name: 'Messages with Ben Okafor' })).getAllByRole('listitem');

describe('a conversation', () => {
  it('marks "Seen" on the message the other member read last, and on no other', () => {
    render(<MessageThread conversation={base} pending={[]} />);
    const [first, second, third] = items();
    expect(first).toHaveTextContent('Seen');
    expect(second).not.toHaveTextContent('Seen');
    expect(third).not.toHaveTextContent('Seen');
    // Who wrote each, for a screen reader.
    expect(first).toHaveTextContent('You:Hi Ben');
    expect(second).toHaveTextContent('Ben Okafor:Hi Ana');
  });

  it('shows a queued message as pending after the sent ones, and once only when it has landed', () => {
    const pending = [{ id: 'q1', messageId: 'm4', body: 'From the train' }];
    const { rerender } = render(<MessageThread conversation={base} pending={pending} />);
    expect(items().at(-1)).toHaveTextContent('From the trainPending: sends when you’re back online');

    // The refetch brought the message before the queue let go of it: it shows once, not pending.
    const landed = {
      ...base,
      messages: [
        ...base.messages,
        {
          id: 'm4',
          conversationId: 'c1',
          body: 'From the train',
          mine: true,
          createdAt: '2026-03-02T09:05:00.000Z',
        },
      ],
    };
    rerender(<MessageThread conversation={landed} pending={pending} />);
    expect(screen.getAllByText('From the train')).toHaveLength(1);
    expect(screen.queryByText(/Pending/)).toBeNull();
  });

  it('invites a first message when there is none', () => {
    render(<MessageThread conversation={{ ...base, messages: [], seenMessageId: null }} pending={[]} />);
    expect(screen.getByText('No messages yet. Say hello to Ben Okafor.')).toBeVisible();
  });
});
