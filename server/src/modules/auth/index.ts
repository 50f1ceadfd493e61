/**
 * Accounts and sessions: sign-in, refresh and sign-out routes, and the service the session plugin
 * authenticates every request with (created in app.ts before the plugins that need it).
 */
import type { Database } from '../../db/client.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import type { Mail } from '../mail/index.ts';
import { authRoutes } from './auth.routes.ts';
import type { AuthService } from './auth.service.ts';
import { createEmailVerification } from './email-verification.ts';
import { createPasskeys } from './passkeys.ts';
import { passkeyRoutes } from './passkeys.routes.ts';
import { createPasswordResets } from './password-reset.ts';

export { createAuthService, type AuthService } from './auth.service.ts';
export { findUserByEmail, insertUser } from './auth.repo.ts';
export { hashPassword, verifyPassword } from './password.ts';
/** A member's sign-ins, for the admin's view of them. */
export { memberSessions } from './member-sessions.ts';

/** Registers the routes; returns what an admin may do for a member: mail them a reset link (never set it). */
export async function register(
  app: App,
  deps: {
    db: Database;
    auth: AuthService;
    mail: Mail;
    sessionAbsoluteMs: number;
    /** The app's public origin: the passkeys' relying party (decision 0108). */
    publicOrigin: string;
  },
): Promise<{ sendPasswordReset: (userId: string) => Promise<void> }> {
  const resets = createPasswordResets(deps.db, { mail: deps.mail, forgetUser: deps.auth.forgetUser });
  const verification = createEmailVerification(deps.db, { mail: deps.mail, auth: deps.auth });
  await app.register(inRootContext(authRoutes), {
    auth: deps.auth,
    resets,
    verification,
    sessionAbsoluteMs: deps.sessionAbsoluteMs,
  });
  const passkeys = createPasskeys(deps.db, { auth: deps.auth, publicOrigin: deps.publicOrigin });
  await app.register(inRootContext(passkeyRoutes), { passkeys, sessionAbsoluteMs: deps.sessionAbsoluteMs });
  return { sendPasswordReset: resets.sendByAdmin };
}
