import { screen } from '@testing-library/react';
import type { User } from '@uplift/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/renderRoute.tsx';
import { authStore } from '../auth/index.ts';

const member: User = {
  id: 'u-skills',
  email: 'skills@example.test',
  role: 'member-tier-1',
  permissions: {},
  displayName: 'Sam Member',
  avatarUrl: null,
};

describe('/skills-public', () => {
  afterEach(() => authStore.setState({ user: null }));

  it('asks a visitor to sign in or join', async () => {
    renderRoute('/skills-public');
    expect(await screen.findByRole('link', { name: 'Sign in to take the assessment' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Join Uplift' })).toBeVisible();
  });

  it('takes a signed-in member straight to the assessment', async () => {
    authStore.setState({ user: member, token: null, signedOutFrom: null });
    renderRoute('/skills-public');
    expect(await screen.findByRole('link', { name: 'Take the assessment' })).toHaveAttribute(
      'href',
      '/skills',
    );
    expect(screen.queryByRole('link', { name: /Sign in|Join Uplift/ })).not.toBeInTheDocument();
  });
});
