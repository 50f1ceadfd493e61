import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DirectoryMember } from '@uplift/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GeolocationError, getCurrentPosition } from '../../../lib/native/geolocation.ts';
import { MembersView } from './MembersView.tsx';

// The device boundary: each test says what the location request answers.
vi.mock('../../../lib/native/geolocation.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getCurrentPosition: vi.fn(),
}));
const locate = vi.mocked(getCurrentPosition);

function member(id: string, name: string, city: string): DirectoryMember {
  return {
    id,
    name,
    avatarUrl: null,
    headline: `${name}'s headline`,
    industry: 'technology',
    city,
    topSkills: ['communication'],
    distanceKm: null,
  };
}

const members = [member('m-leeds', 'Lena Leeds', 'Leeds'), member('m-york', 'Yuri York', 'York')];

/** The directory API: the city matched case-insensitively; near a point, the Leeds member 1.2 km away. */
const requests: URLSearchParams[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname !== '/api/community/users') return new Response('', { status: 404 });
  const query = url.searchParams;
  requests.push(query);
  const city = query.get('city')?.toLowerCase();
  const items = query.get('near')
    ? [{ ...members[0]!, distanceKm: 1.2 }]
    : members.filter((entry) => !city || entry.city?.toLowerCase() === city);
  return new Response(JSON.stringify({ items, total: items.length, page: 1, pageSize: 20 }), {
    headers: { 'content-type': 'application/json' },
  });
});

function renderMembers() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/community?view=members']}>
        <MembersView />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The members listed, by the profile each one opens. */
async function listedProfiles() {
  const list = await screen.findByRole('list');
  return within(list)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
}

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  locate.mockReset();
});

describe('the member directory', () => {
  it('filters by the city typed; each member listed opens their profile', async () => {
    const user = userEvent.setup();
    renderMembers();
    expect(await screen.findByRole('heading', { name: '2 members' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'City' }), 'leeds');
    expect(await screen.findByRole('heading', { name: '1 member' })).toBeInTheDocument();
    expect(requests.at(-1)?.get('city')).toBe('leeds');
    expect(await listedProfiles()).toEqual(['/profile/m-leeds']);
    expect(screen.getByRole('link', { name: /^Lena Leeds/ })).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'City' }));
    expect(await screen.findByRole('heading', { name: '2 members' })).toBeInTheDocument();
    await waitFor(() => expect(requests.at(-1)?.has('city')).toBe(false));
  });

  it('"Near me" with the location granted: asks with a rounded point, nearest first with the distance', async () => {
    const user = userEvent.setup();
    locate.mockResolvedValue({ lat: 53.80123, lng: -1.54876 });
    renderMembers();
    await screen.findByRole('heading', { name: '2 members' });

    const nearMe = screen.getByRole('button', { name: 'Near me' });
    expect(nearMe).toHaveAttribute('aria-pressed', 'false');
    await user.click(nearMe);
    expect(await screen.findByText('Nearest first, within 100 km of you.')).toBeInTheDocument();
    expect(nearMe).toHaveAttribute('aria-pressed', 'true');
    // About a kilometre: the exact position never leaves the device.
    await waitFor(() => expect(requests.at(-1)?.get('near')).toBe('53.80,-1.55'));
    expect(await screen.findByText(/1\.2 km away/)).toBeInTheDocument();
    expect(locate).toHaveBeenCalledTimes(1);

    await user.click(nearMe);
    expect(nearMe).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(requests.at(-1)?.has('near')).toBe(false));
    expect(await screen.findByRole('heading', { name: '2 members' })).toBeInTheDocument();
  });

  it('"Near me" with the location denied: says why, and lists members as before', async () => {
    const user = userEvent.setup();
    locate.mockRejectedValue(new GeolocationError('denied'));
    renderMembers();
    await screen.findByRole('heading', { name: '2 members' });

    await user.click(screen.getByRole('button', { name: 'Near me' }));
    expect(
      await screen.findByText('Location permission was denied, so members are not sorted by distance.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Near me' })).toHaveAttribute('aria-pressed', 'false');
    expect(requests.some((query) => query.has('near'))).toBe(false);
    expect(await listedProfiles()).toEqual(['/profile/m-leeds', '/profile/m-york']);
  });
});
