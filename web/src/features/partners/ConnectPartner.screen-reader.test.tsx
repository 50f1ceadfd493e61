import 'fake-indexeddb/auto';
import {
  partnerConsentRequiredMessage,
  type Partner,
  type PartnerConnectionRequest,
} from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineQueue } from '../../lib/offline/index.ts';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { resetAuthForTest, signInForTest } from '../auth/testing.ts';
import { goOnline } from '../../test/offlineLayer.ts';

const partner: Partner = {
  id: 'p-1',
  slug: 'harbour-lights',
  name: 'Harbour Lights Training',
  category: 'training-provider',
  description: 'Evening courses in team leadership.',
  skillTags: ['leadership'],
  address: '1 Quay Street',
  city: 'Bristol',
  lat: 51.45,
  lng: -2.59,
  website: null,
  logoSvg: '',
  distanceKm: null,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server: the partner, the member's requests (none until one is sent), and a quiet live stream. */
function servePartner() {
  const requests: PartnerConnectionRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    if (pathname === '/api/events')
      return new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } });
    if (pathname === '/api/partners/my-requests') return json({ items: requests });
    if (pathname === '/api/partners/p-1/connect' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Pick<
        PartnerConnectionRequest,
        'message' | 'preferredContact'
      >;
      requests.push({
        id: 'r-1',
        partnerId: partner.id,
        partnerName: partner.name,
        partnerLogoSvg: '',
        message: body.message,
        preferredContact: body.preferredContact,
        status: 'pending',
        createdAt: '2030-03-03T10:00:00.000Z',
        answeredAt: null,
        answerMessage: null,
      });
      return json(requests[0], 201);
    }
    if (pathname === '/api/partners/p-1') return json(partner);
    return json({ items: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  signInForTest('member-tier-1');
  goOnline();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  resetAuthForTest();
  await offlineQueue.clear({ notify: false });
});

describe('connecting with a partner with a screen reader', () => {
  it('fills the dialog by its labels, hears what is missing at once, then that the request was sent', async () => {
    const fetchMock = servePartner();
    const reader = await renderWithScreenReader('/partners/p-1');
    await reader.moveTo('heading, Harbour Lights Training, level 1');
    await reader.moveTo('button, Connect');
    await reader.press();
    // The dialog takes the focus, and the reader says where it is.
    await reader.moveTo('dialog, Connect with Harbour Lights Training, modal');
    await reader.moveTo('textbox, Message, required');
    await reader.type('Can I join?');
    await reader.moveTo('button, Send request');
    await reader.press();
    expect(await reader.heard(/consent|share/i)).toEqual([`assertive: ${partnerConsentRequiredMessage}`]);

    await reader.moveTo(/^checkbox, Share my profile with Harbour Lights Training/);
    await reader.press();
    await reader.moveTo('button, Send request');
    await reader.press();
    await reader.heard(/Request sent/);
    // Connect is gone (the request is pending): the focus went to the request, not to the top of the page.
    await vi.waitFor(async () => expect(await reader.reading()).toBe('heading, Your requests, level 2'));
    await reader.moveTo('Pending');
    expect(await reader.announcements()).toEqual([
      `assertive: ${partnerConsentRequiredMessage}`,
      'polite: Success: Request sent Your request to Harbour Lights Training was sent.',
    ]);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });
});
