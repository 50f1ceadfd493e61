import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../../lib/toasts/toastStore.ts';
import { ToastViewport } from '../../../ui/toasts/ToastViewport.tsx';
import { DataSection } from './DataSection.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.dismissAll();
});

describe('deleting the account', () => {
  it('says it is done once the server has deleted it, on the sign-in page', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true }), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route path="/profile" element={<DataSection />} />
          <Route path="/login" element={<h1>Sign in</h1>} />
        </Routes>
        <ToastViewport />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
    await user.type(screen.getByLabelText('Your password'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    await waitFor(() =>
      expect(
        screen.getByText(
          'Your account is deleted and you are signed out everywhere. Thank you for being part of Uplift.',
        ),
      ).toBeVisible(),
    );
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('DELETE');
  });
});
