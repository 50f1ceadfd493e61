import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preValidation' | 'preHandler' | 'onSend';

/** How many hooks of each kind plugins have added to a route so far. */
const addedByPlugins = new WeakMap<RouteOptions, Partial<Record<HookName, number>>>();

/**
 * Adds a hook to one route, from an `onRoute` hook. A plugin whose work applies to some routes only (a
 * config flag, a write method, a non-public access level) attaches it there, so every other request skips
 * it entirely instead of entering a hook that returns at once: on the cheap path (status, cached public
 * reads) each skipped hook is a promise and a tick fewer. As instance hooks did, plugins' hooks run in the
 * order the plugins were registered, before the route's own hooks of the same kind (videos' media caching
 * re-applies its header after cache-control's no-store).
 */
export function addRouteHook(route: RouteOptions, name: HookName, hook: unknown): void {
  const existing: unknown = route[name];
  const hooks: unknown[] = existing === undefined ? [] : Array.isArray(existing) ? [...existing] : [existing];
  const added = addedByPlugins.get(route) ?? {};
  const at = added[name] ?? 0;
  hooks.splice(at, 0, hook);
  added[name] = at + 1;
  addedByPlugins.set(route, added);
  (route as unknown as Record<HookName, unknown[]>)[name] = hooks;
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a request's method changes state. */
export function isWrite(method: string): boolean {
  return unsafeMethods.has(method);
}

/** Whether the route answers a method that changes state (a route may declare several methods). */
export function writes(route: RouteOptions): boolean {
  return [route.method].flat().some(isWrite);
}
