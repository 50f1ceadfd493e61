import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectivity } from '../lib/offline/index.ts';
import { FallbackImage } from './FallbackImage.tsx';

describe('fallback image', () => {
  it('swaps a broken image for the fallback, then for a placeholder that keeps the alt text', () => {
    render(<FallbackImage src="/broken.png" fallbackSrc="/fallback.png" alt="Avatar of Mia" />);
    fireEvent.error(screen.getByRole('img', { name: 'Avatar of Mia' }));
    expect(screen.getByRole('img', { name: 'Avatar of Mia' })).toHaveAttribute('src', '/fallback.png');
    fireEvent.error(screen.getByRole('img', { name: 'Avatar of Mia' }));
    const placeholder = screen.getByRole('img', { name: 'Avatar of Mia' });
    expect(placeholder.tagName).toBe('SPAN');
  });

  it('shows the placeholder when there is no source, hidden when decorative', () => {
    const { container, rerender } = render(<FallbackImage src={null} alt="Partner logo" />);
    expect(screen.getByRole('img', { name: 'Partner logo' }).tagName).toBe('SPAN');
    rerender(<FallbackImage src={undefined} alt="" />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('fallback image after a reconnect', () => {
  afterEach(() => act(() => connectivity.store.setState({ networkUp: true, reachable: true, online: true })));

  it('tries the image again once the connection is back', () => {
    act(() => connectivity.store.setState({ networkUp: false, online: false }));
    render(<FallbackImage src="/avatar.png" alt="Avatar of Mia" />);
    fireEvent.error(screen.getByRole('img', { name: 'Avatar of Mia' }));
    expect(screen.getByRole('img', { name: 'Avatar of Mia' }).tagName).toBe('SPAN');

    act(() => connectivity.store.setState({ networkUp: true, reachable: true, online: true }));
    expect(screen.getByRole('img', { name: 'Avatar of Mia' })).toHaveAttribute('src', '/avatar.png');
  });
});
