import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BackLink, backState } from './BackLink.tsx';

function Results() {
  const location = useLocation();
  return (
    <Link to="/videos/v-1" state={backState(location, 'your results')}>
      Watch: Averages
    </Link>
  );
}

function renderAt(initial: string | { pathname: string; state: unknown }) {
  render(
    <MemoryRouter initialEntries={[initial]}>
      <Routes>
        <Route path="/skills" element={<Results />} />
        <Route path="/videos/:id" element={<BackLink fallback={{ to: '/', label: 'Home' }} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('BackLink', () => {
  it('goes back to where the link that opened the page came from, query included', async () => {
    renderAt('/skills?result=42');
    await userEvent.click(screen.getByRole('link', { name: 'Watch: Averages' }));
    expect(screen.getByRole('link', { name: 'Back to your results' })).toHaveAttribute(
      'href',
      '/skills?result=42',
    );
  });

  it('falls back when the page was opened directly, or with a state that is not a path in the app', () => {
    renderAt({ pathname: '/videos/v-1', state: { back: { to: 'https://elsewhere.example', label: 'x' } } });
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
