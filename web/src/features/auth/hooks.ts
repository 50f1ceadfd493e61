import { hasPermission, hasRole, type Role, type SessionEnded, type User } from '@uplift/contracts';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useStore } from 'zustand';
import { authStore, login, loginWithPasskey, logout, register } from './authStore.ts';
import { loginRoute } from './redirect.ts';

export function useCurrentUser(): User | null {
  return useStore(authStore, (state) => state.user);
}

/** Whether the signed-in member registered in this tab's lifetime, for a first greeting. */
export function useIsNewMember(): boolean {
  return useStore(authStore, (state) => state.newMember);
}

export function useIsAuthenticated(): boolean {
  return useStore(authStore, (state) => state.user !== null);
}

/** SPEC §4 role check: the user's rank is at least the required rank. */
export function useHasRole(required: Role): boolean {
  return useStore(authStore, (state) => hasRole(state.user?.role, required));
}

/** SPEC §6 permission check: false when the flag is absent. */
export function useHasPermission(name: string): boolean {
  return useStore(authStore, (state) => hasPermission(state.user, name));
}

/** Why the server ended the last session (a suspension and the admin's reason), or null. */
export function useSessionEnded(): SessionEnded | null {
  return useStore(authStore, (state) => state.sessionEnded);
}

/** The location key a sign-out left from (see AuthState.signedOutFrom). */
export function useSignedOutFrom(): string | null {
  return useStore(authStore, (state) => state.signedOutFrom);
}

export interface AuthActions {
  login: typeof login;
  loginWithPasskey: typeof loginWithPasskey;
  register: typeof register;
  /** Signs out (server, then locally) and goes to /login through the router (SPEC §2). */
  logout: () => Promise<void>;
}

export function useAuthActions(): AuthActions {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useMemo(
    () => ({
      login,
      loginWithPasskey,
      register,
      logout: async () => {
        await logout({ leaving: key });
        await navigate(loginRoute, { replace: true });
      },
    }),
    [navigate, key],
  );
}
