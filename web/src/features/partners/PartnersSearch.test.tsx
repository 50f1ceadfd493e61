import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/renderRoute.tsx';

/** The directory's API: an empty page for every query, each asked URL kept. */
function directoryServer() {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/partners') {
        asked.push(url);
        return Response.json({ items: [], total: 0, page: 1, pageSize: 20 });
      }
      return Response.json(
        { success: false, error: { code: 'NOT_FOUND', message: 'No route', statusCode: 404 } },
        { status: 404 },
      );
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('searching the partner directory', () => {
  it('searches once typing pauses, even while the page keeps changing around the box', async () => {
    const asked = directoryServer();
    renderRoute('/partners');
    const box = await screen.findByRole('searchbox', { name: 'Search partners' });
    await userEvent.type(box, 'payroll');
    // The member taps a category on and off while the search waits: each tap draws the page again. The
    // search must still go out 300 ms after the last keystroke, not 300 ms after the last drawing.
    const funder = within(screen.getByRole('group', { name: 'Category' })).getByRole('button', {
      name: 'Funder',
    });
    for (let tap = 0; tap < 10; tap += 1) {
      fireEvent.click(funder);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(asked.some((url) => url.searchParams.get('q') === 'payroll')).toBe(true);
  });
});
