import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@uplift/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/renderRoute.tsx';
import { authStore } from '../auth/index.ts';

const member: User = {
  id: 'u-home',
  email: 'home@example.test',
  role: 'member-tier-1',
  permissions: {},
  displayName: 'Hana Member',
  avatarUrl: null,
};

function setUser(user: User | null) {
  authStore.setState({ user, token: null, signedOutFrom: null });
}

describe("Home's greeting", () => {
  afterEach(() => authStore.setState({ user: null, newMember: false }));

  it('welcomes a member who just registered', async () => {
    authStore.setState({ user: member, token: null, signedOutFrom: null, newMember: true });
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Hana' })).toBeVisible();
  });

  it('welcomes back a returning member', async () => {
    authStore.setState({ user: member, token: null, signedOutFrom: null, newMember: false });
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Hana' })).toBeVisible();
  });
});

async function openSkills() {
  const destinations = await screen.findByRole('navigation', { name: 'Get started' });
  await userEvent.click(within(destinations).getByRole('link', { name: /^Skills/ }));
}

describe("Home's Skills destination", () => {
  afterEach(() => setUser(null));

  it('leads an anonymous visitor to the public skills landing, not to sign in', async () => {
    setUser(null);
    const { router } = renderRoute('/');
    await openSkills();
    await waitFor(() => expect(router.state.location.pathname).toBe('/skills-public'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Discover Your Skills' })).toBeVisible();
  });

  it('leads a member to the assessment', async () => {
    setUser(member);
    const { router } = renderRoute('/');
    await openSkills();
    await waitFor(() => expect(router.state.location.pathname).toBe('/skills'));
  });
});
