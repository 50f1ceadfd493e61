/**
 * Accounts and sessions: sign-in, refresh and sign-out routes, and the service the session plugin
 * authenticates every request with (created in app.ts before the plugins that need it).
 */
import { inRootContext, type App } from '../../plugins/root-context.ts';
import { authRoutes } from './auth.routes.ts';

export { createAuthService, type AuthService } from './auth.service.ts';
export { findUserByEmail, insertUser } from './auth.repo.ts';
export { hashPassword, verifyPassword } from './password.ts';

export async function register(app: App, deps: Parameters<typeof authRoutes>[1]): Promise<void> {
  await app.register(inRootContext(authRoutes), deps);
}
