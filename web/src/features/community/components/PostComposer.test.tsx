import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CommunityTopic } from '@uplift/contracts';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PostComposer } from './PostComposer.tsx';

const topics: CommunityTopic[] = [{ id: 'wins', name: 'Wins', description: 'Good news' }];

function composer(withTopics: readonly CommunityTopic[]) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <PostComposer topics={withTopics} userId="member-1" onPosted={() => {}} />
    </QueryClientProvider>
  );
}

describe('PostComposer', () => {
  it('keeps Post unavailable until the topics have arrived, so a tap is never silently dropped', async () => {
    const view = render(composer([]));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your post' }), 'Our circle starts Monday');
    expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveDisplayValue('Loading topics…');
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();

    view.rerender(composer(topics));
    expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveDisplayValue('Wins');
    expect(screen.getByRole('textbox', { name: 'Your post' })).toHaveValue('Our circle starts Monday');
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
  });
});
