import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeLogo } from './HomeLogo.tsx';

// The browser build: haptics go through the Vibration API.
vi.mock('../../lib/native/platform.ts', () => ({ isNativePlatform: () => false }));

/** A section of Home that shows how many times its data was fetched. */
function Section({ fetches }: { fetches: () => number }) {
  const { data } = useQuery({ queryKey: ['home-section'], queryFn: fetches, staleTime: Infinity });
  return <p>Fetched {data ?? 0} times</p>;
}

function home() {
  let count = 0;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <HomeLogo />
      <Section fetches={() => ++count} />
    </QueryClientProvider>,
  );
}

describe("Home's logo", () => {
  const vibrate = vi.fn(() => true);
  beforeEach(() => {
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    window.scrollTo = vi.fn();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'vibrate');
    vibrate.mockClear();
    localStorage.clear();
  });

  it('fetches what Home shows again and goes back to the top', async () => {
    home();
    expect(await screen.findByText('Fetched 1 times')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Home' }));
    expect(await screen.findByText('Fetched 2 times')).toBeVisible();
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Refresh Home' })).not.toHaveAttribute('aria-busy', 'true'),
    );
  });

  it('is felt only with the Logo haptic setting on, which SPEC leaves off by default', async () => {
    home();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Home' }));
    expect(vibrate).not.toHaveBeenCalled();

    localStorage.setItem('uplift.hapticPreferences', JSON.stringify({ logo: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Home' }));
    expect(vibrate).toHaveBeenCalledExactlyOnceWith(10);
  });
});
