import { describe, expect, it } from 'vitest';
import { createRequestIds } from './request-id.ts';

describe('request ids', () => {
  it('never repeat within a process', () => {
    const next = createRequestIds();
    const ids = Array.from({ length: 10_000 }, next);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('differ between processes (instances, restarts) from the first request on', () => {
    const prefixes = Array.from({ length: 50 }, () => createRequestIds()().slice(0, 8));
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});
