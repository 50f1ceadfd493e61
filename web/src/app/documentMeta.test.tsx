import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAuthForTest } from '../features/auth/testing.ts';
import { renderRoute } from '../test/renderRoute.tsx';
import { appDescription } from './documentMeta.ts';
import { routeTable } from './routeTable.ts';

/** What search results and link previews read: the document's <meta name="description">. */
function description() {
  const tags = document.head.querySelectorAll('meta[name="description"]');
  expect(tags).toHaveLength(1);
  return tags[0]?.getAttribute('content');
}

const chatDemo = routeTable.find((entry) => entry.path === '/mobile-chat-demo');

afterEach(resetAuthForTest);

describe('the document description', () => {
  it('is the route table’s, the one the prerendered pages carry', () => {
    // The one page SPEC describes; the test below relies on it differing from the app's.
    expect(chatDemo?.description).toBe('Test mobile-optimized chat features');
    expect(chatDemo?.description).not.toBe(appDescription);
  });

  it('follows the route on in-app navigation, as the title does', { timeout: 20_000 }, async () => {
    const { router } = renderRoute('/mobile-chat-demo');
    await screen.findByRole('heading', { level: 1, name: 'Mobile Chat Demo' });
    await waitFor(() => expect(description()).toBe('Test mobile-optimized chat features'));
    expect(document.title).toBe('Mobile Chat Demo · Uplift');

    // Away through the app's own navigation (a tap on the Home tab; its gestures have their own tests): a
    // page without a description of its own gets the app's back.
    const bar = screen.getByRole('navigation', { name: 'Main' });
    fireEvent.click(within(bar).getByRole('link', { name: 'Home' }));
    await screen.findByRole('heading', { level: 1, name: /^Welcome/ });
    await waitFor(() => expect(document.title).toBe('Home · Uplift'));
    expect(description()).toBe(appDescription);

    // And back again.
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: 'Mobile Chat Demo' });
    await waitFor(() => expect(description()).toBe('Test mobile-optimized chat features'));
    expect(document.title).toBe('Mobile Chat Demo · Uplift');
  });

  it('replaces the description the page was served with, in the same tag', async () => {
    // As a prerendered or cached page would arrive: with another page's description already in place.
    renderRoute('/partners');
    const served = document.createElement('meta');
    served.name = 'description';
    served.content = 'Test mobile-optimized chat features';
    document.head.append(served);
    await screen.findByRole('heading', { level: 1, name: 'Partners' });
    await waitFor(() => expect(description()).toBe(appDescription));
    expect(document.head.querySelector('meta[name="description"]')).toBe(served);
  });
});
