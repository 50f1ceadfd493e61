import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadingOperations } from '../lib/loading/operationsStore.ts';
import { withTimedProgress, withUploadProgress } from '../lib/loading/trackedWork.ts';
import { GlobalLoadingOverlay } from '../ui/loading/GlobalLoadingOverlay.tsx';
import { RouteLoadProgress } from './RouteLoadProgress.tsx';

/** Issue 44.18: real waits on the loading overlay, by SPEC §4 and §9's timings (decision 0111). */

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
});
afterEach(() => {
  for (const operation of loadingOperations.getSnapshot()) loadingOperations.remove(operation.id);
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const bar = () => screen.queryByRole('progressbar');
/** The overlay's own code loads with the first operation (lazy); its timings are read once it is there. */
const overlayLoaded = () =>
  act(async () => {
    await import('../ui/loading/LoadingOverlay.tsx');
  });

function renderOverlay() {
  render(<GlobalLoadingOverlay />);
}

describe('an upload', () => {
  it('shows the overlay at once with the bytes sent, lets it be cancelled, and lingers 300 ms after it ends', async () => {
    renderOverlay();
    let report: (fraction: number) => void = () => {};
    let finish: () => void = () => {};
    const cancel = vi.fn();
    const upload = withUploadProgress(
      'Uploading your photo...',
      (onProgress) => {
        report = onProgress;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      { cancel },
    );
    await overlayLoaded();
    expect(screen.getByRole('progressbar', { name: 'Uploading your photo...' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );

    act(() => report(0.37));
    expect(bar()).toHaveAttribute('aria-valuenow', '37');
    // The overlay covers the screen, so stopping the upload is offered on it.
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(cancel).toHaveBeenCalledOnce();

    act(() => finish());
    await upload;
    await advance(0);
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    await advance(299);
    expect(bar()).toBeInTheDocument();
    await advance(1);
    expect(bar()).not.toBeInTheDocument();
  });

  it('leaves the overlay at once when the upload fails', async () => {
    renderOverlay();
    const failed = withUploadProgress('Uploading the image...', () => Promise.reject(new Error('offline')));
    await expect(failed).rejects.toThrow('offline');
    await advance(300);
    expect(bar()).not.toBeInTheDocument();
  });
});

describe('a wait without progress of its own (an export)', () => {
  it('starts at 10 %, rises in 100 ms steps, holds at 90 % until the answer, then finishes at 100 %', async () => {
    renderOverlay();
    let answer: (value: string) => void = () => {};
    const exported = withTimedProgress(
      'Preparing your data...',
      () =>
        new Promise<string>((resolve) => {
          answer = resolve;
        }),
    );
    await overlayLoaded();
    expect(screen.getByRole('progressbar', { name: 'Preparing your data...' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
    await advance(99);
    expect(bar()).toHaveAttribute('aria-valuenow', '10');
    await advance(1);
    expect(bar()).toHaveAttribute('aria-valuenow', '20');
    await advance(400);
    expect(bar()).toHaveAttribute('aria-valuenow', '60');
    await advance(5_000);
    expect(bar()).toHaveAttribute('aria-valuenow', '90');

    act(() => answer('done'));
    await expect(exported).resolves.toBe('done');
    await advance(0);
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    await advance(300);
    expect(bar()).not.toBeInTheDocument();
  });
});

describe("a page's code loading", () => {
  function router(loadMs: number) {
    return createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <Outlet />
            <RouteLoadProgress />
            <GlobalLoadingOverlay />
          </>
        ),
        children: [
          { index: true, element: <Link to="/skills">Skills</Link> },
          {
            path: 'skills',
            lazy: {
              Component: () =>
                new Promise((resolve) => setTimeout(() => resolve(() => <h1>Skills page</h1>), loadMs)),
            },
          },
        ],
      },
    ]);
  }

  it('shows the overlay once the page has taken 400 ms, until it opens', async () => {
    render(<RouterProvider router={router(2_000)} />);
    await act(() => screen.getByRole('link', { name: 'Skills' }).click());
    await advance(399);
    expect(bar()).not.toBeInTheDocument();
    await advance(1);
    await overlayLoaded();
    expect(screen.getByRole('progressbar', { name: 'Opening the page...' })).toBeInTheDocument();

    await advance(1_600);
    expect(screen.getByRole('heading', { name: 'Skills page' })).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    await advance(300);
    expect(bar()).not.toBeInTheDocument();
  });

  it('never flashes for a page that opens within 400 ms', async () => {
    render(<RouterProvider router={router(350)} />);
    await act(() => screen.getByRole('link', { name: 'Skills' }).click());
    await advance(350);
    expect(screen.getByRole('heading', { name: 'Skills page' })).toBeInTheDocument();
    await advance(1_000);
    expect(bar()).not.toBeInTheDocument();
    expect(loadingOperations.getSnapshot()).toEqual([]);
  });
});
