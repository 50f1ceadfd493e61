/** What the rest of the app may use of auth; everything else in this folder is private to it. */
export {
  authStore,
  beforeSignOut,
  clearSession,
  login,
  logout,
  refreshSession,
  register,
  restoreSession,
  startAuth,
  verifySession,
} from './authStore.ts';
export type { AuthState } from './authStore.ts';
export { authStorageKeys } from './authStorage.ts';
export { PasskeysSection } from './components/PasskeysSection.tsx';
export { SignOutButton } from './components/SignOutButton.tsx';
export { VerifyEmailBanner } from './components/VerifyEmailBanner.tsx';
export {
  useAuthActions,
  useCurrentUser,
  useHasPermission,
  useHasRole,
  useIsAuthenticated,
  useIsNewMember,
  useSignedOutFrom,
} from './hooks.ts';
export type { AuthActions } from './hooks.ts';
export { loginPath, loginRoute, safeRedirectTarget } from './redirect.ts';
export type { LoginMode } from './redirect.ts';
export { roleLabel } from './roleLabels.ts';
export { useSessionEndedRedirect } from './useSessionEndedRedirect.ts';
