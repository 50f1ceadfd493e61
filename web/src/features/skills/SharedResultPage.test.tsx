import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAuthForTest } from '../auth/testing.ts';
import { renderRoute } from '../../test/renderRoute.tsx';

const id = 'Zx3_aQ9-kLm2Pq7RsT4uVw';

function answer(status: number, body: object) {
  const fetch = vi.fn(async (_input: RequestInfo | URL) => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('a shared result, signed out', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAuthForTest();
  });

  it('shows the skill, level, score band and date, and asks for nothing else', async () => {
    resetAuthForTest();
    const fetch = answer(200, {
      skill: 'project-management',
      level: 'advanced',
      bandLow: 148,
      bandHigh: 192,
      completedAt: '2030-03-03T10:05:00.000Z',
    });
    renderRoute(`/skills/shared/${id}`);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Project management: Advanced' }),
    ).toBeVisible();
    expect(screen.getByText('148–192 of 300')).toBeVisible();
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe('2030-03-03T10:05:00.000Z');
    const asked = fetch.mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.endsWith(`/skills/shared/${id}`))).toBe(true);
  });

  it('says so when the result is not shared (stopped, or never)', async () => {
    resetAuthForTest();
    answer(404, {
      success: false,
      error: { code: 'NOT_FOUND', message: 'This result is not shared.', statusCode: 404 },
    });
    renderRoute(`/skills/shared/${id}`);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This result is not shared. The link is wrong, or the member who shared it has stopped sharing it.',
      ),
    );
    expect(screen.getByRole('link', { name: 'Discover your skills' })).toHaveAttribute(
      'href',
      '/skills-public',
    );
  });
});
