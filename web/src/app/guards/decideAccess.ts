import { hasRole, type Role, type User } from '@uplift/contracts';
import { loginPath } from '../../features/auth/index.ts';
import type { RouteGuard } from '../routeTable.ts';

/** The role each named guard needs (PRODUCT §1: `member` is the premium tier). */
export const guardRoles: Record<RouteGuard, Role> = {
  auth: 'member-tier-1',
  member: 'member-tier-2',
  admin: 'admin',
};

export type AccessDecision =
  | { kind: 'allow' }
  /** Signed out: go to sign in, and come back here afterwards. */
  | { kind: 'sign-in'; to: string }
  /** Signed in without the rank the page needs. */
  | { kind: 'deny'; required: Role; user: User }
  /** The user just signed out from this very page; the sign-out is already navigating to /login. */
  | { kind: 'leave' };

export interface AccessRequest {
  guard: RouteGuard;
  user: User | null;
  location: { pathname: string; search: string; key: string };
  signedOutFrom: string | null;
}

export function decideAccess({ guard, user, location, signedOutFrom }: AccessRequest): AccessDecision {
  if (!user) {
    if (signedOutFrom !== null && signedOutFrom === location.key) return { kind: 'leave' };
    return { kind: 'sign-in', to: loginPath({ redirectTo: `${location.pathname}${location.search}` }) };
  }
  const required = guardRoles[guard];
  return hasRole(user.role, required) ? { kind: 'allow' } : { kind: 'deny', required, user };
}
