/**
 * The community's economic impact and industry breakdown, with the small-group rule. The service keeps its
 * computed answer; app.ts drops it when the public cache drops the impact tag, on every instance.
 */
import { inRootContext, type App } from '../../plugins/root-context.ts';
import { metricsRoutes } from './metrics.routes.ts';

export { createResultCache } from './cache.ts';
export { createMetricsService, impactTag, type MetricsService } from './metrics.service.ts';

export async function register(app: App, deps: Parameters<typeof metricsRoutes>[1]): Promise<void> {
  await app.register(inRootContext(metricsRoutes), deps);
}
