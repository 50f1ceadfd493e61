export const loginRoute = '/login';

const probeOrigin = 'https://uplift.invalid';

/**
 * Where to go after signing in: `redirectTo` when it is a path inside this app, else the fallback.
 * Anything that would leave the app (`//evil.example`, `https:…`, `/\evil`) is refused.
 */
export function safeRedirectTarget(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== probeOrigin || url.pathname === loginRoute) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

export type LoginMode = 'sign-in' | 'register';

/** `/login`, with the page to return to afterwards and the register tab when asked for. */
export function loginPath({ redirectTo, mode }: { redirectTo?: string; mode?: LoginMode } = {}): string {
  const params = new URLSearchParams();
  if (mode === 'register') params.set('mode', 'register');
  if (redirectTo && redirectTo !== '/') params.set('redirectTo', redirectTo);
  const query = params.toString();
  return query ? `${loginRoute}?${query}` : loginRoute;
}
