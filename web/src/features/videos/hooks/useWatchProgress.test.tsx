import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import type { Video } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivity, offlineQueue } from '../../../lib/offline/index.ts';
import { progressIntervalMs, useWatchProgress } from './useWatchProgress.ts';
import { goOnline } from '../../../test/offlineLayer.ts';

const video: Video = {
  id: 'video-1',
  slug: 'first-90-days',
  title: 'Your first 90 days in a new role',
  description: 'A plan for the first three months.',
  kind: 'featured',
  durationSeconds: 120,
  skillTags: [],
  premium: false,
  locked: false,
  posterUrl: '/media/poster.jpg',
  mediaUrl: '/media/first-90-days.mp4',
  captionsUrl: null,
  progress: null,
};

function Player() {
  const ref = useRef<HTMLVideoElement>(null);
  useWatchProgress(ref, video, 'member-1');
  return <video ref={ref} aria-label={video.title} />;
}

/** The saves the server received, each answered as the server answers. */
function fakeServer() {
  const saves: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { positionSeconds: number; watchedDeltaSeconds: number };
      saves.push(body);
      const progress = {
        positionSeconds: body.positionSeconds,
        watchedSeconds: body.watchedDeltaSeconds,
        completed: false,
        updatedAt: new Date().toISOString(),
      };
      return new Response(JSON.stringify(progress), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return saves;
}

/**
 * jsdom plays no media: the element's clock and paused state are driven here, with the events a browser
 * fires (`timeupdate` about every 250 ms of playing).
 */
function mediaControls(element: HTMLVideoElement) {
  const state = { time: 0, paused: true };
  Object.defineProperty(element, 'currentTime', { get: () => state.time });
  Object.defineProperty(element, 'paused', { get: () => state.paused });
  const fire = (type: string) => act(() => void element.dispatchEvent(new Event(type)));
  return {
    play: () => (state.paused = false),
    playFor: (seconds: number) => {
      for (let step = 0; step < seconds / 0.25; step++) {
        state.time += 0.25;
        fire('timeupdate');
      }
    },
    seekTo: (time: number) => {
      state.time = time;
      fire('seeking');
      fire('timeupdate');
    },
    pause: () => {
      state.paused = true;
      fire('pause');
    },
  };
}

// vi.waitFor polls on the real clock, which the tests that fake the 15 s interval leave running.
function renderPlayer() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Player />
    </QueryClientProvider>,
  );
  return mediaControls(screen.getByLabelText<HTMLVideoElement>(video.title));
}

beforeEach(goOnline);

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await offlineQueue.clear({ notify: false });
});

describe('watch progress', () => {
  it('a pause saves the position and only the time played: a seek forward adds no watching time', async () => {
    const saves = fakeServer();
    const media = renderPlayer();
    media.play();
    media.playFor(3);
    media.seekTo(60);
    media.playFor(1);
    media.pause();
    await vi.waitFor(() => expect(saves).toEqual([{ positionSeconds: 61, watchedDeltaSeconds: 4 }]));
  });

  it('saves every 15 s while playing, not while paused, and never the same position twice', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const saves = fakeServer();
    const media = renderPlayer();
    media.play();
    media.playFor(5);
    act(() => void vi.advanceTimersByTime(progressIntervalMs - 1));
    expect(saves).toEqual([]);
    act(() => void vi.advanceTimersByTime(1));
    await vi.waitFor(() => expect(saves).toEqual([{ positionSeconds: 5, watchedDeltaSeconds: 5 }]));

    // Stalled where the last save left it, then paused: nothing new to say.
    media.pause();
    act(() => void vi.advanceTimersByTime(progressIntervalMs * 2));
    media.play();
    media.playFor(2);
    media.pause();
    await vi.waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toEqual({ positionSeconds: 7, watchedDeltaSeconds: 2 });
  });

  it('offline, the timer waits and the pause queues the save', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const saves = fakeServer();
    const media = renderPlayer();
    act(() => connectivity.simulateOffline(true));
    media.play();
    media.playFor(4);
    act(() => void vi.advanceTimersByTime(progressIntervalMs));
    media.playFor(1);
    media.pause();
    await vi.waitFor(() => expect(offlineQueue.getSnapshot()).not.toEqual([]));
    expect(offlineQueue.getSnapshot()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/api/videos/video-1/progress',
        data: { positionSeconds: 5, watchedDeltaSeconds: 5 },
      }),
    ]);
    expect(saves).toEqual([]);
  });
});
