import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstReadsElementId, startFromFirstReads } from './firstReads.ts';

function carry(state: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = firstReadsElementId;
  script.textContent = JSON.stringify(state);
  document.body.append(script);
}

describe('a visitor’s page carrying its first reads', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('puts them in the query cache, fresh as of now however long ago the server drew them', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    const server = new QueryClient();
    server.setQueryData(['videos', 'featured', null], { items: [{ title: 'First 90 days' }] });
    carry(dehydrate(server));
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));

    const client = new QueryClient();
    startFromFirstReads(client);
    expect(client.getQueryData(['videos', 'featured', null])).toEqual({
      items: [{ title: 'First 90 days' }],
    });
    expect(client.getQueryState(['videos', 'featured', null])?.dataUpdatedAt).toBe(Date.now());
    // Read once: the element does not stay in the live page.
    expect(document.getElementById(firstReadsElementId)).toBeNull();
  });

  it('leaves the cache alone on a page that carries none', () => {
    const client = new QueryClient();
    startFromFirstReads(client);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
