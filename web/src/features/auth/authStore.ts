import type { LoginRequest, RegisterRequest, SessionEnded, User } from '@uplift/contracts';
import { createStore } from 'zustand/vanilla';
import { clearDrafts } from '../../lib/drafts/index.ts';
import { connectSession, HttpError } from '../../lib/http/index.ts';
import { refreshRequest } from './api/refresh.ts';
import { verifyRequest } from './api/verify.ts';
import {
  authStorageKeys,
  clearStoredSession,
  parseStoredUser,
  readStoredSession,
  writeStoredSession,
} from './authStorage.ts';

export interface AuthState {
  /** SPEC §4: authenticated exactly when a user is present. */
  user: User | null;
  /** The bearer token, on native only; null on the web. */
  token: string | null;
  /**
   * The router location key of the page a sign-out is leaving. Route guards stay quiet there instead of
   * sending the user to sign in again while the sign-out's own navigation to /login is under way.
   */
  signedOutFrom: string | null;
  /** Registered in this tab's lifetime: greeted as new ("Welcome"), not as returning ("Welcome back"). */
  newMember: boolean;
  /** Why the server ended the session (an admin suspended the member), told on the sign-in screen. */
  sessionEnded: SessionEnded | null;
}

export const authStore = createStore<AuthState>()(() => ({
  user: null,
  token: null,
  signedOutFrom: null,
  newMember: false,
  sessionEnded: null,
}));

/**
 * Bumped whenever the signed-in identity changes (sign-in, sign-out). A verify or refresh that started
 * before the change must not overwrite it, e.g. bring back a user who signed out meanwhile.
 */
let epoch = 0;

/** Stores a fresh copy of the current session's user (verify, refresh). */
function updateSession(user: User, token: string | null | undefined): void {
  const next = token ?? authStore.getState().token;
  writeStoredSession(user, next);
  authStore.setState({ user, token: next });
}

function signIn(user: User, token: string | null): void {
  epoch += 1;
  writeStoredSession(user, token);
  authStore.setState({ user, token, signedOutFrom: null, newMember: false, sessionEnded: null });
}

/**
 * SPEC §4: signs out locally and clears the stored user and token. Drafts stay (decision 0071): only the
 * member's own sign-out (`logout`) forgets them.
 */
export function clearSession(options: { leaving?: string; ended?: SessionEnded } = {}): void {
  epoch += 1;
  clearStoredSession();
  authStore.setState({
    user: null,
    token: null,
    signedOutFrom: options.leaving ?? null,
    newMember: false,
    sessionEnded: options.ended ?? null,
  });
}

/** The server said this session is over (as opposed to: the server could not be reached). */
function isRejectedSession(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status === 401;
}

/** Signs out after the server refused the session, keeping why when it said (a suspension). */
function endRejectedSession(error: HttpError): void {
  const ended = error.data?.error.sessionEnded;
  clearSession(ended ? { ended } : {});
}

/** SPEC §4: on start, a stored user with an id and an email is restored and counts as authenticated. */
export function restoreSession(): boolean {
  const { user, token } = readStoredSession();
  if (!user) {
    clearStoredSession();
    return false;
  }
  authStore.setState({ user, token, signedOutFrom: null });
  return true;
}

/**
 * Confirms the restored session with the server. A rejected session (401, also after a failed refresh)
 * clears it. A network failure or a server error keeps the restored user: the app works offline, and the
 * server still refuses anything the session no longer allows.
 */
export async function verifySession(): Promise<void> {
  const startedAt = epoch;
  try {
    const { user, token } = await verifyRequest();
    if (epoch === startedAt) updateSession(user, token);
  } catch (error) {
    if (epoch === startedAt && isRejectedSession(error)) endRejectedSession(error);
  }
}

/** The HTTP client's 401 handler: one refresh; SPEC §4: a refresh the server rejects signs the user out. */
export async function refreshSession(): Promise<boolean> {
  const startedAt = epoch;
  try {
    const { user, token } = await refreshRequest();
    if (epoch !== startedAt) return false;
    updateSession(user, token);
    return true;
  } catch (error) {
    if (epoch === startedAt && isRejectedSession(error)) endRejectedSession(error);
    return false;
  }
}

export async function login(payload: LoginRequest): Promise<User> {
  // Loaded on use, with the schemas that check the answer: signing in is not part of the first screen.
  const { loginRequest } = await import('./api/login.ts');
  const { user, token } = await loginRequest(payload);
  signIn(user, token);
  return user;
}

/** Signs in with a passkey the browser offers: the same session as a password's (decision 0108). */
export async function loginWithPasskey(): Promise<User> {
  const { passkeySignInRequest } = await import('./api/passkeys.ts');
  const { user, token } = await passkeySignInRequest();
  signIn(user, token);
  return user;
}

export async function register(payload: RegisterRequest): Promise<User> {
  const { registerRequest } = await import('./api/register.ts');
  const { user, token } = await registerRequest(payload);
  signIn(user, token);
  authStore.setState({ newMember: true });
  return user;
}

/** Work that needs the session still open when the member signs out, such as forgetting this device's push token. */
const signOutTasks = new Set<() => Promise<void>>();

/** Runs `task` before every sign-out ends the session; returns a function that stops doing so. */
export function beforeSignOut(task: () => Promise<void>): () => void {
  signOutTasks.add(task);
  return () => signOutTasks.delete(task);
}

/** Ends the session on the server, then locally even when the server cannot be reached. */
export async function logout(options: { leaving?: string } = {}): Promise<void> {
  const leaving = authStore.getState().user;
  // A task that fails (offline) must not keep the member signed in: they asked to leave.
  await Promise.allSettled([...signOutTasks].map((task) => task()));
  try {
    const { logoutRequest } = await import('./api/logout.ts');
    await logoutRequest();
  } catch {
    // Offline or already expired: the local sign-out below is what the user asked for.
  }
  // The next person on this device must not find what the member left unsent (decision 0071).
  if (leaving) clearDrafts(leaving.id);
  clearSession(options);
}

/** Another tab signed in or out: follow it, so tabs never disagree about who is signed in. */
function onStorage(event: StorageEvent): void {
  if (event.key !== authStorageKeys.user && event.key !== null) return;
  const user = parseStoredUser(event.newValue);
  if (event.key === null || !user) {
    if (authStore.getState().user) {
      epoch += 1;
      authStore.setState({ user: null, token: null, signedOutFrom: null });
    }
    return;
  }
  const { token } = readStoredSession();
  epoch += 1;
  authStore.setState({ user, token, signedOutFrom: null, newMember: false });
}

/**
 * Starts auth for the app (main.tsx): connects the HTTP client's token and refresh, restores the stored
 * user and verifies it. Returns a stop function (tests). Verify runs only for a restored user, so
 * anonymous visitors send no doomed requests.
 */
export function startAuth(): { stop: () => void; verified: Promise<void> } {
  const disconnect = connectSession({ getToken: () => authStore.getState().token, refresh: refreshSession });
  window.addEventListener('storage', onStorage);
  const verified = restoreSession() ? verifySession() : Promise.resolve();
  return {
    stop: () => {
      disconnect();
      window.removeEventListener('storage', onStorage);
    },
    verified,
  };
}
