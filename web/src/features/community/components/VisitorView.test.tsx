import type { CommunityPost } from '@uplift/contracts';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { JoinInvitation } from './JoinInvitation.tsx';
import { ReactionBar } from './ReactionBar.tsx';

const post: CommunityPost = {
  id: 'p-1',
  topicId: 'wins',
  body: 'Got the job!',
  author: { id: 'u-ada', name: 'Ada Obi', avatarUrl: null },
  createdAt: '2030-03-01T10:00:00Z',
  editedAt: null,
  pinned: false,
  hidden: false,
  deleted: false,
  commentCount: 0,
  reactions: { like: 3, celebrate: 1, insightful: 0, support: 0 },
  myReactions: [],
  mine: false,
  image: null,
};

describe('the community for a visitor', () => {
  it('shows the reaction counts as text, with no control that does nothing', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReactionBar post={post} userId={null} />
      </QueryClientProvider>,
    );
    const reactions = screen.getByRole('list', { name: 'Reactions' });
    expect(within(reactions).queryAllByRole('button')).toEqual([]);
    expect(within(reactions).getByText('Like, 3')).toBeInTheDocument();
  });

  it('says how to take part, with a way back to the community after signing in', () => {
    render(
      <MemoryRouter>
        <JoinInvitation />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Join the conversation' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in to post' }).getAttribute('href')).toMatch(
      /^\/login\?.*community/,
    );
  });
});
