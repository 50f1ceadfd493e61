import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CommunityTopic } from '@uplift/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectivity } from '../../../lib/offline/index.ts';
import { PostComposer } from './PostComposer.tsx';
import { goOnline } from '../../../test/offlineLayer.ts';

// The browser build: connectivity follows the web view, not the shells' network plugin.
vi.mock('../../../lib/native/platform.ts', () => ({ isNativePlatform: () => false }));

// Every post is accepted at once: what the composer does with an accepted post is what is tested here.
const created: string[] = [];
vi.mock('../api/writePost.ts', () => ({
  useCreatePost: () => ({
    mutate: (input: { body: string }, options: { onSuccess: (result: { status: 'sent' }) => void }) => {
      created.push(input.body);
      options.onSuccess({ status: 'sent' });
    },
    isPending: false,
    error: null,
  }),
}));

const topics: CommunityTopic[] = [{ id: 'wins', name: 'Wins', description: 'Good news' }];

function composer(withTopics: readonly CommunityTopic[]) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <PostComposer topics={withTopics} userId="member-1" onPosted={() => {}} />
    </QueryClientProvider>
  );
}

describe('PostComposer', () => {
  afterEach(() => {
    goOnline();
  });

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

  it('offline, before any topic was ever loaded, says they come back with the connection', () => {
    render(composer([]));
    act(() => connectivity.simulateOffline(true));
    expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveDisplayValue(
      'Topics load once you are back online',
    );
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
  });

  it('a sent post is felt: the success haptic of the Buttons setting', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    // The earlier tests' text is still a draft on this device.
    localStorage.clear();
    try {
      render(composer(topics));
      await userEvent.type(screen.getByRole('textbox', { name: 'Your post' }), 'Hired this week!');
      await userEvent.click(screen.getByRole('button', { name: 'Post' }));
      expect(created).toEqual(['Hired this week!']);
      expect(vibrate).toHaveBeenCalledExactlyOnceWith([15, 60, 15]);
    } finally {
      Reflect.deleteProperty(navigator, 'vibrate');
    }
  });
});
