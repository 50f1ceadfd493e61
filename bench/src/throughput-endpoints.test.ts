import { describe, expect, it } from 'vitest';
import { ENDPOINTS, endpointsFromEnv } from './throughput-endpoints.ts';

describe('BENCH_ENDPOINTS', () => {
  it('loads every endpoint when unset or empty', () => {
    expect(endpointsFromEnv(undefined)).toEqual(ENDPOINTS);
    expect(endpointsFromEnv(' ')).toEqual(ENDPOINTS);
  });

  it('keeps the endpoints whose path starts with one of the prefixes, in the table order', () => {
    const paths = endpointsFromEnv('/api/users, /api/metrics/dashboard-stats').map(
      (endpoint) => endpoint.path,
    );
    expect(paths).toEqual(['/api/metrics/dashboard-stats?days=30', '/api/users?pageSize=25']);
  });

  it('refuses a list that names no endpoint, rather than measuring nothing', () => {
    expect(() => endpointsFromEnv('/api/nothing')).toThrow(/no endpoint starts with \/api\/nothing/);
  });
});
