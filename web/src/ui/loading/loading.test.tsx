import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoadingOperationsStore } from '../../lib/loading/operationsStore.ts';
import { GlobalLoadingOverlay } from './GlobalLoadingOverlay.tsx';
import { LoadingOverlay } from './LoadingOverlay.tsx';
import { SmartLoadingIndicator } from './SmartLoadingIndicator.tsx';

afterEach(() => {
  vi.useRealTimers();
});

function gradientOf(element: Element | null): string {
  return element instanceof HTMLElement ? element.style.backgroundImage : '';
}

describe('smart loading indicator', () => {
  it('renders nothing when not loading', () => {
    const { container } = render(<SmartLoadingIndicator isLoading={false} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('defaults to "Loading...", progress shown, dark theme', () => {
    render(<SmartLoadingIndicator isLoading progress={42} />);
    const bar = screen.getByRole('progressbar', { name: 'Loading...' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('data-theme', 'dark');
    expect(bar).toHaveTextContent('42%');
  });

  it('clamps progress to 0-100', () => {
    const { rerender } = render(<SmartLoadingIndicator isLoading progress={180} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    rerender(<SmartLoadingIndicator isLoading progress={-4} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('paints the bar in the theme colours', () => {
    const { container, rerender } = render(<SmartLoadingIndicator isLoading progress={50} theme="dark" />);
    expect(gradientOf(container.querySelector('[style*="width"]'))).toMatch(
      /rgb\(0, 212, 255\).*rgb\(255, 107, 53\)/,
    );
    rerender(<SmartLoadingIndicator isLoading progress={50} theme="light" />);
    expect(gradientOf(container.querySelector('[style*="width"]'))).toMatch(
      /rgb\(87, 85, 217\).*rgb\(123, 104, 238\)/,
    );
  });

  it('lights a dot above 25, 50 and 75 and fades the logo in with progress', () => {
    const { container, rerender } = render(<SmartLoadingIndicator isLoading progress={25} />);
    const lit = () => container.querySelectorAll('[data-lit="true"]').length;
    const logoOpacity = () => Number((container.querySelector('svg') as SVGElement).style.opacity);
    expect(lit()).toBe(0);
    expect(logoOpacity()).toBeCloseTo(0.475, 5);
    rerender(<SmartLoadingIndicator isLoading progress={51} />);
    expect(lit()).toBe(2);
    rerender(<SmartLoadingIndicator isLoading progress={76} />);
    expect(lit()).toBe(3);
    expect(logoOpacity()).toBeGreaterThan(0.8);
  });

  it('without progress is a status with the stage text; subtle is a slim bar', () => {
    const { rerender } = render(<SmartLoadingIndicator isLoading showProgress={false} stage="Fetching..." />);
    expect(screen.getByRole('status', { name: 'Fetching...' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    rerender(<SmartLoadingIndicator isLoading subtle progress={30} stage="Syncing" />);
    expect(screen.getByRole('progressbar', { name: 'Syncing' })).toHaveTextContent('Syncing30%');
  });
});

describe('loading overlay', () => {
  it('lingers 300 ms after loading ends, at 100 %', () => {
    vi.useFakeTimers();
    const { rerender } = render(<LoadingOverlay isLoading progress={60} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    rerender(<LoadingOverlay isLoading={false} progress={60} />);
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('follows the loading operations store', async () => {
    vi.useFakeTimers();
    const store = createLoadingOperationsStore();
    render(<GlobalLoadingOverlay store={store} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The overlay's code loads with the first operation.
    await act(async () => {
      store.start('upload', 'Uploading photo');
      store.progress('upload', 30);
      await import('./LoadingOverlay.tsx');
    });
    expect(screen.getByRole('progressbar', { name: 'Uploading photo' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    act(() => store.complete('upload'));
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
