import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NumberCards } from './NumberCards.tsx';

describe('the dashboard number cards', () => {
  it('each opens the member list filtered to the members it counts', () => {
    render(
      <MemoryRouter>
        <NumberCards
          stats={{
            days: 30,
            from: '2026-11-08',
            newMembers: 4,
            membersByRole: [
              { role: 'member-tier-1', count: 20 },
              { role: 'member-tier-2', count: 6 },
              { role: 'admin', count: 2 },
            ],
          }}
        />
      </MemoryRouter>,
    );
    const cards = within(screen.getByRole('list', { name: 'Members in numbers' })).getAllByRole('link');
    expect(cards.map((card) => [card.textContent, card.getAttribute('href')])).toEqual([
      ['All members28', '/admin/users'],
      ['Joined in the last 30 days4', '/admin/users?joinedFrom=2026-11-08'],
      ['Members20', '/admin/users?role=member-tier-1'],
      ['Premium members6', '/admin/users?role=member-tier-2'],
      ['Admins2', '/admin/users?role=admin'],
    ]);
  });
});
