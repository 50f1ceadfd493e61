import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthForTest, signInForTest } from '../../auth/testing.ts';
import { MessageSettingsSection } from './MessageSettingsSection.tsx';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The settings API: saves answer when `answerSave` is called, so the test sees the wait in between. */
function settingsServer(saved: 'accept' | 'refuse') {
  let answerSave: () => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'GET') return json({ whoCanMessage: 'everyone' });
      const body = JSON.parse(String(init?.body)) as { whoCanMessage: string };
      await new Promise<void>((resolve) => (answerSave = resolve));
      return saved === 'accept'
        ? json(body)
        : json(
            { success: false, error: { code: 'VALIDATION_ERROR', message: 'Refused', statusCode: 400 } },
            400,
          );
    }),
  );
  return { answerSave: () => answerSave() };
}

function renderSettings() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MessageSettingsSection userId="user-member-tier-1" />
    </QueryClientProvider>,
  );
}

beforeEach(() => signInForTest());
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('who can message me', () => {
  it('shows the choice the moment it is tapped, while it is saved', async () => {
    const server = settingsServer('accept');
    renderSettings();
    const nobody = await screen.findByRole('radio', { name: 'Nobody' });
    expect(screen.getByRole('radio', { name: 'Any member' })).toBeChecked();

    // Checked at once, in the same turn as the tap: not a moment later, not snapped back.
    fireEvent.click(nobody);
    expect(nobody).toBeChecked();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(nobody).toBeChecked();
    server.answerSave();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Nobody' })).toBeChecked());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the saved choice back, and says so, when the save is refused', async () => {
    const server = settingsServer('refuse');
    renderSettings();
    const nobody = await screen.findByRole('radio', { name: 'Nobody' });
    fireEvent.click(nobody);
    expect(nobody).toBeChecked();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    server.answerSave();
    expect(await screen.findByRole('alert')).toHaveTextContent('The setting could not be saved. Try again.');
    expect(screen.getByRole('radio', { name: 'Any member' })).toBeChecked();
  });
});
