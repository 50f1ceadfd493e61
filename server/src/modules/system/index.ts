/**
 * Health, liveness, readiness and the online probe: what a load balancer, an orchestrator and the app ask
 * before anything else.
 */
import { inRootContext, type App } from '../../plugins/root-context.ts';
import { systemRoutes } from './system.routes.ts';

export async function register(app: App, deps: Parameters<typeof systemRoutes>[1]): Promise<void> {
  await app.register(inRootContext(systemRoutes), deps);
}
