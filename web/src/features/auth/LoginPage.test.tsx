import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/renderRoute.tsx';
import { authStore } from './authStore.ts';
import { resetAuthForTest, signInForTest, testUser } from './testing.ts';

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body: unknown) {
  fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify(body), { status }));
}

function apiError(status: number, message: string, issues?: { path: string; message: string }[]) {
  return { success: false, error: { code: 'VALIDATION_ERROR', message, statusCode: status, issues } };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

async function fillSignIn(email = 'ada@example.test', password = 'a long passphrase') {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

describe('/login', () => {
  it('offers a labelled sign-in form with the right autocomplete hints', async () => {
    renderRoute('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/login?mode=register',
    );
  });

  it('sends a member who is already signed in on to where they were headed', async () => {
    signInForTest('member-tier-1');
    const { router } = renderRoute('/login?redirectTo=%2Fcommunity');
    await waitFor(() => expect(router.state.location.pathname).toBe('/community'));
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('signs in and returns to the page that asked for it', async () => {
    const member = testUser('member-tier-1');
    respond(200, { success: true, user: member, token: null });
    const { router } = renderRoute('/login?redirectTo=%2Fskills');
    await fillSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Skills Assessment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/skills');
    expect(authStore.getState().user).toEqual(member);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.test',
      password: 'a long passphrase',
    });
  });

  it('never follows a redirectTo that leaves the app', async () => {
    respond(200, { success: true, user: testUser(), token: null });
    const { router } = renderRoute('/login?redirectTo=%2F%2Fevil.example%2Fx');
    await fillSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("shows the server's message in an alert, and disables the button while waiting", async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderRoute('/login');
    await fillSignIn();
    const button = screen.getByRole('button', { name: 'Sign in' });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    answer(new Response(JSON.stringify(apiError(401, 'Incorrect email or password.')), { status: 401 }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Incorrect email or password.'));
    expect(button).toBeEnabled();
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(authStore.getState().user).toBeNull();
  });

  it("tells a suspended member signing in the admin's reason", async () => {
    const message = 'This account is suspended, so it cannot sign in.';
    respond(403, {
      success: false,
      error: {
        code: 'PERMISSION_DENIED',
        message,
        statusCode: 403,
        sessionEnded: { cause: 'suspended', reason: 'Selling courses in comments.' },
      },
    });
    renderRoute('/login');
    await fillSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(`${message} Reason: Selling courses in comments.`),
    );
  });

  it('says "Login failed" when there is no message from the server', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderRoute('/login');
    await fillSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Login failed$/));
  });

  it('puts field issues next to their fields', async () => {
    respond(
      400,
      apiError(400, 'Please check your input and try again.', [
        { path: 'body.email', message: 'Enter a valid email address' },
      ]),
    );
    renderRoute('/login');
    await fillSignIn('ada@example');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Please check your input and try again.');
  });
});

describe('/login, empty or malformed', () => {
  // SPEC: the server decides. The browser's own bubbles ("Please fill in this field") never stand in.
  it('sends an empty form to the server and shows what it says is missing', async () => {
    respond(
      400,
      apiError(400, 'Please check your input and try again.', [
        { path: 'body.email', message: 'Enter your email address' },
        { path: 'body.password', message: 'Enter your password' },
      ]),
    );
    renderRoute('/login');
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(email.closest('form')).toHaveAttribute('novalidate');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter your email address'));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('/login?mode=register', () => {
  it('offers a create-account form', async () => {
    renderRoute('/login?mode=register&redirectTo=%2Fskills');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create account' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fskills',
    );
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('aria-current', 'page');
  });

  it('creates the account and signs in', async () => {
    const member = testUser('member-tier-1', { displayName: 'Ada' });
    respond(201, { success: true, user: member, token: null });
    const { router } = renderRoute('/login?mode=register');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Display name' }), 'Ada');
    await fillSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(authStore.getState().user).toEqual(member);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      displayName: 'Ada',
      email: 'ada@example.test',
      password: 'a long passphrase',
    });
  });

  it('says "Registration failed" when there is no message from the server', async () => {
    respond(500, 'not json');
    renderRoute('/login?mode=register');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Display name' }), 'Ada');
    await fillSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Registration failed$/));
  });
});

describe('/profile-public', () => {
  it('offers sign in and create account to visitors', async () => {
    renderRoute('/profile-public');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In / Join' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/login?mode=register',
    );
  });

  it('offers the profile to a signed-in user', async () => {
    authStore.setState({ user: testUser('member-tier-1', { id: 'u7' }) });
    renderRoute('/profile-public');
    expect(await screen.findByRole('link', { name: 'Go to your profile' })).toHaveAttribute(
      'href',
      '/profile/u7',
    );
  });
});

describe('settings screen', () => {
  it('shows the signed-in account', async () => {
    authStore.setState({
      user: testUser('member-tier-2', { displayName: 'Ada', email: 'ada@example.test' }),
    });
    renderRoute('/profile-client');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your account' })).toBeInTheDocument();
    // The email section names the address too; the account section is the one asked about.
    const account = screen.getByRole('region', { name: 'Your account' });
    expect(within(account).getByText('Ada')).toBeInTheDocument();
    expect(within(account).getByText('ada@example.test')).toBeInTheDocument();
    expect(within(account).getByText('Premium member')).toBeInTheDocument();
    expect(within(account).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});
