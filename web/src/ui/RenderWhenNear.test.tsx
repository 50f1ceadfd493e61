import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderWhenNear } from './RenderWhenNear.tsx';

type Callback = (entries: Array<Pick<IntersectionObserverEntry, 'isIntersecting'>>) => void;

/** jsdom has no layout: an observer the test moves in and out of view, recording what it was asked. */
function installObserver() {
  const observers: Array<{ callback: Callback; options?: IntersectionObserverInit; disconnected: boolean }> =
    [];
  class FakeIntersectionObserver {
    private readonly record;
    constructor(callback: Callback, options?: IntersectionObserverInit) {
      this.record = { callback, options, disconnected: false };
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return observers;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RenderWhenNear', () => {
  it('shows the placeholder until its place nears the screen, then the section for good', () => {
    const observers = installObserver();
    render(
      <RenderWhenNear placeholder={<h2>Economic impact</h2>}>
        <p>Yearly wage uplift</p>
      </RenderWhenNear>,
    );
    expect(screen.getByRole('heading', { name: 'Economic impact' })).toBeInTheDocument();
    expect(screen.queryByText('Yearly wage uplift')).not.toBeInTheDocument();
    const [observer] = observers;
    expect(observer?.options?.rootMargin).toBe('50% 0px');

    act(() => observer?.callback([{ isIntersecting: false }]));
    expect(screen.queryByText('Yearly wage uplift')).not.toBeInTheDocument();

    act(() => observer?.callback([{ isIntersecting: true }]));
    expect(screen.getByText('Yearly wage uplift')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Economic impact' })).not.toBeInTheDocument();
    expect(observer?.disconnected).toBe(true);
  });

  it('renders the section at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <RenderWhenNear placeholder={<h2>Economic impact</h2>}>
        <p>Yearly wage uplift</p>
      </RenderWhenNear>,
    );
    expect(screen.getByText('Yearly wage uplift')).toBeInTheDocument();
  });
});
