import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasPermission, hasRole, sessionEndedMessages, type Role } from '@uplift/contracts';
import { HttpError } from './errors.ts';
import { addRouteHook } from './route-hooks.ts';

/**
 * Who may call a route. Every /api route must declare one (the app refuses to start otherwise), so no
 * route can forget: public, any signed-in user, member (rank >= member-tier-2), admin, or a permission.
 */
export type Access = 'public' | 'auth' | 'member' | 'admin' | { permission: string };

export interface AccessRule {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every API route with its access level: the table the access walk test proves. */
    accessTable: AccessRule[];
  }
}

// Routes that plugins add (the OpenAPI reader) are public documentation.
const undeclaredPublicPrefixes = ['/api/docs'];

/** The least role each ranked access level admits (a higher rank passes too: role-ranks.ts). */
export const leastRoles = { member: 'member-tier-2', admin: 'admin' } as const satisfies Record<string, Role>;

export function describeAccess(access: Access): string {
  return typeof access === 'string' ? access : `permission:${access.permission}`;
}

function assertAllowed(request: FastifyRequest, access: Access) {
  if (access === 'public') return;
  const user = request.auth?.publicUser;
  if (!user && request.sessionEnded) {
    const ended = request.sessionEnded;
    throw new HttpError(401, sessionEndedMessages[ended.cause]).endingSession(ended);
  }
  if (!user) throw new HttpError(401);
  const allowed =
    access === 'auth' ||
    (access === 'member' && hasRole(user.role, leastRoles.member)) ||
    (access === 'admin' && hasRole(user.role, leastRoles.admin)) ||
    (typeof access === 'object' && hasPermission(user, access.permission));
  if (!allowed) throw new HttpError(403);
}

export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('accessTable', [] as AccessRule[]);
    app.addHook('onRoute', (route) => {
      const url = route.url;
      if (!url.startsWith('/api/') || undeclaredPublicPrefixes.some((prefix) => url.startsWith(prefix))) {
        return;
      }
      const access = route.config?.access;
      if (!access) {
        throw new Error(`Route ${String(route.method)} ${url} declares no access level (config.access)`);
      }
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') app.accessTable.push({ method, url, access });
      }
      // Public routes have nothing to check: only the others carry the hook.
      if (access !== 'public') {
        addRouteHook(
          route,
          'onRequest',
          (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
            try {
              assertAllowed(request, access);
              done();
            } catch (error) {
              done(error as Error);
            }
          },
        );
      }
    });
  },
  { name: 'access', dependencies: ['session'] },
);
