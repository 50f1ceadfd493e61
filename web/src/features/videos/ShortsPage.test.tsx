import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@uplift/contracts';
import { shortsQueryOptions } from './api/getShorts.ts';
import ShortsPage from './ShortsPage.tsx';

type Report = Pick<IntersectionObserverEntry, 'target' | 'intersectionRatio' | 'isIntersecting'>;

const titles = ['The two-minute rule for email', 'Say no without burning bridges', 'Ask for feedback'];
const shorts: Video[] = titles.map((title, index) => ({
  id: `short-${index}`,
  slug: `short-${index}`,
  title,
  description: `${title}, in a minute.`,
  kind: 'short',
  durationSeconds: 60,
  skillTags: [],
  premium: false,
  locked: false,
  posterUrl: `/media/poster-${index}.jpg`,
  mediaUrl: `/media/short-${index}.mp4`,
  captionsUrl: null,
  progress: null,
}));

/**
 * jsdom has no layout, scrolling or media: an observer the test reports through, a track that scrolls
 * nowhere, and players that record play().
 */
function installPlayersAndObserver() {
  Element.prototype.scrollTo = () => undefined;
  let report: (entries: Report[]) => void = () => undefined;
  class FakeIntersectionObserver {
    constructor(callback: (entries: Report[]) => void) {
      report = callback;
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  const playing = new Set<string>();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing.add(this.getAttribute('aria-label') ?? '');
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    playing.delete(this.getAttribute('aria-label') ?? '');
  });
  const inView = (...shares: number[]) =>
    act(() =>
      report(
        shares.map((share, index) => ({
          target: screen.getByRole('article', { name: new RegExp(titles[index] ?? '') }),
          intersectionRatio: share,
          isIntersecting: share > 0,
        })),
      ),
    );
  return { playing, inView };
}

afterEach(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollTo');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the shorts page', () => {
  it('plays the short most in view, whatever order one report lists them in', () => {
    const { playing, inView } = installPlayersAndObserver();
    const queryClient = new QueryClient();
    queryClient.setQueryData(shortsQueryOptions(null).queryKey, { items: shorts });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/shorts']}>
          <ShortsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect([...playing]).toEqual([titles[0]]);

    // Swiped up: the second short comes in as the first leaves, which still shows a little.
    inView(0.35, 0.65, 0);
    expect([...playing]).toEqual([titles[1]]);

    // Swiped back down: the second, leaving, still intersects and is listed after the first coming in.
    inView(0.7, 0.3, 0);
    expect([...playing]).toEqual([titles[0]]);

    // Half-way between two shorts, neither mostly in view: the one playing goes on.
    inView(0.5, 0.5, 0);
    expect([...playing]).toEqual([titles[0]]);
  });

  it('keeps the short swiped to when the list refreshes (new signed links), instead of going back to the start', async () => {
    const { playing, inView } = installPlayersAndObserver();
    const scrolls = vi.spyOn(Element.prototype, 'scrollTo');
    const queryClient = new QueryClient();
    const key = shortsQueryOptions(null).queryKey;
    queryClient.setQueryData(key, { items: shorts });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/shorts']}>
          <ShortsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    inView(0.1, 0.9, 0);
    expect([...playing]).toEqual([titles[1]]);

    act(() => {
      queryClient.setQueryData(key, {
        items: shorts.map((short) => ({ ...short, mediaUrl: `${short.mediaUrl}?exp=2&sig=refreshed` })),
      });
    });
    await waitFor(() =>
      expect(screen.getByLabelText(titles[1] ?? '')).toHaveAttribute(
        'src',
        expect.stringContaining('refreshed'),
      ),
    );
    expect([...playing]).toEqual([titles[1]]);
    expect(scrolls).toHaveBeenCalledTimes(1);
  });
});
