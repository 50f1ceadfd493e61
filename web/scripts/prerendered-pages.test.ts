import { describe, expect, it } from 'vitest';
import { routeTable } from '../src/app/routeTable.ts';
import { prerenderedPages } from './prerendered-pages.ts';

describe('the prerendered pages', () => {
  // A page whose module drifted from the route's would preload code the page never runs.
  it.each(prerenderedPages)('name the module the route $path loads', ({ path, module }) => {
    const route = routeTable.find((entry) => entry.path === path);
    expect(route, `no route ${path}`).toBeDefined();
    expect(String(route?.page)).toContain(module.replace(/^src\//, ''));
  });
});
