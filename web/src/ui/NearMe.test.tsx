import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as geolocation from '../lib/native/geolocation.ts';

const position = vi.hoisted(() => ({ next: (): Promise<{ lat: number; lng: number }> => Promise.reject() }));
vi.mock('../lib/native/geolocation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof geolocation>()),
  getCurrentPosition: () => position.next(),
}));

const { GeolocationError } = await import('../lib/native/geolocation.ts');
const { NearMeToggle, useNearMe } = await import('./NearMe.tsx');

function Directory({ onLocated }: { onLocated?: (point: { lat: number; lng: number }) => void }) {
  const nearMe = useNearMe('members', onLocated);
  return (
    <>
      <NearMeToggle nearMe={nearMe} onText="Nearest first." />
      <p>Near: {nearMe.state.status === 'on' ? nearMe.state.near : 'nowhere'}</p>
    </>
  );
}

describe('Near me', () => {
  it('is a toggle: on, it gives the place rounded to about a kilometre and says so; off again on a press', async () => {
    const user = userEvent.setup();
    const onLocated = vi.fn();
    position.next = async () => ({ lat: 51.50735, lng: -0.12776 });
    render(<Directory onLocated={onLocated} />);
    const toggle = screen.getByRole('button', { name: 'Near me', pressed: false });
    await user.click(toggle);
    expect(await screen.findByRole('status')).toHaveTextContent('Nearest first.');
    expect(screen.getByText('Near: 51.51,-0.13')).toBeInTheDocument();
    expect(onLocated).toHaveBeenCalledWith({ lat: 51.50735, lng: -0.12776 });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Near: nowhere')).toBeInTheDocument();
  });

  it('says plainly why not, in the words of the list it sorts', async () => {
    const user = userEvent.setup();
    position.next = () => Promise.reject(new GeolocationError('denied'));
    render(<Directory />);
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Location permission was denied, so members are not sorted by distance.',
    );
  });
});
