import { passwordResetRequestedMessage } from '@uplift/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/renderRoute.tsx';
import { resetAuthForTest } from './testing.ts';

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body: unknown) {
  fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify(body), { status }));
}

function apiError(status: number, message: string, code = 'VALIDATION_ERROR') {
  return { success: false, error: { code, message, statusCode: status } };
}

/** The JSON body of the n-th request sent. */
function sentBody(call = 0): unknown {
  const init = fetchMock.mock.calls[call]?.[1];
  return JSON.parse(String(init?.body));
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

describe('forgotten password', () => {
  it('is offered on the sign-in screen, with the email typed so far', async () => {
    renderRoute('/login');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.test');
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    await userEvent.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.test');
  });

  it('asks for a link and shows the answer the server gives every address', async () => {
    respond(202, { success: true, message: passwordResetRequestedMessage });
    renderRoute('/forgot-password');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('autocomplete', 'email');
    await userEvent.type(email, 'ada@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(passwordResetRequestedMessage);
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/auth\/password-reset$/);
    expect(sentBody()).toEqual({ email: 'ada@example.test' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('says when too many links were asked for', async () => {
    respond(429, apiError(429, 'Too many password-reset requests. Try again in 5 minutes.', 'RATE_LIMITED'));
    renderRoute('/forgot-password');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many password-reset requests');
    expect(screen.getByRole('button', { name: 'Send me a link' })).toBeEnabled();
  });
});

describe('/reset-password', () => {
  it('sets the new password with the token from the link, and takes the token out of the address', async () => {
    respond(200, { success: true });
    const { router } = renderRoute('/reset-password#token=the-token-from-the-mail');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    await userEvent.type(password, 'a brand new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed');
    expect(sentBody()).toEqual({ token: 'the-token-from-the-mail', password: 'a brand new passphrase' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('says when the link is used or expired, and offers a new one', async () => {
    respond(400, apiError(400, 'This link has expired or has already been used.'));
    renderRoute('/reset-password#token=spent');
    await userEvent.type(await screen.findByLabelText('New password'), 'a brand new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('without a token, points to where a link can be asked for', async () => {
    renderRoute('/reset-password');
    expect(await screen.findByRole('link', { name: 'Ask for a link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
