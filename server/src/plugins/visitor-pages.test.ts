import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPartnerSchema, partnerListResponseSchema, type AdminPartnerCreate } from '@uplift/contracts';
import { signedInAs } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

const newPartner: AdminPartnerCreate = {
  name: '',
  category: 'training-provider',
  description: 'Paid apprenticeships in marine engineering and boat building, with a weekly mentor.',
  skillTags: ['communication'],
  address: '2 Quay Street, Bristol BS1 4DB',
  city: 'Bristol',
  lat: 51.4545,
  lng: -2.5879,
  website: 'https://www.example.org/partners/harbour-lights',
};

// The fixture's page renderer (test/fixtures/web-dist-server) writes "drawing N: <partners' names>".
describe('a visitor’s first screen drawn with its data', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInAs(t.app, t.db, 'admin')).cookie;
    for (const name of ['Birch Lane Apprenticeships', 'Cedar Court Careers']) await addPartner(name);
  });
  afterAll(() => t.close());

  const visit = (url = '/partners', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const firstPage = async () =>
    partnerListResponseSchema.parse((await visit('/api/partners?pageSize=20&page=1')).json()).items;
  const addPartner = async (name: string) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/partners',
      headers: { cookie: admin },
      payload: { ...newPartner, name },
    });
    const { id } = adminPartnerSchema.parse(created.json());
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/partners/${id}`,
      headers: { cookie: admin },
      payload: { published: true },
    });
  };
  const rename = (id: string, name: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/partners/${id}`,
      headers: { cookie: admin },
      payload: { name },
    });

  it('shows the partners the directory lists, drawn once while they stay the same', async () => {
    const partners = await firstPage();
    expect(partners.length).toBeGreaterThan(1);
    const first = await visit();
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(`: ${partners.map((partner) => partner.name).join(', ')}`);
    const drawing = /drawing (\d+)/.exec(first.body)?.[1];
    // A second visitor gets the same drawing, compressed as asked.
    const second = await visit('/partners', { 'accept-encoding': 'br' });
    expect(second.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(second.rawPayload).toString()).toContain(`drawing ${drawing}:`);
  });

  it('draws the page again when an admin changes what it shows', async () => {
    const [listed] = await firstPage();
    const before = (await visit()).body;
    expect((await rename(listed!.id, `${listed!.name} and Sons`)).statusCode).toBe(200);
    const after = (await visit()).body;
    expect(after).toContain(`${listed!.name} and Sons`);
    expect(after).not.toBe(before);
  });

  it('sends the page drawn at build time for an address with a search in it', async () => {
    expect((await visit('/partners?q=bakery')).body).toContain('Partners, drawn at build time');
  });

  it('sends the page drawn at build time when drawing it fails, and tries again on the next visit', async () => {
    const [listed] = await firstPage();
    // The directory sorts by name: an "Abbey" stays on the first page, which the page shows.
    await rename(listed!.id, 'Abbey Unrenderable Trust');
    expect((await visit()).body).toContain('Partners, drawn at build time');
    await rename(listed!.id, 'Abbey Renderable Trust');
    expect((await visit()).body).toContain('Abbey Renderable Trust');
  });

  it('sends the page drawn at build time when a first read fails, never an error', async () => {
    const response = await visit('/skills-public');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Skills, drawn at build time');
  });

  it('sends a member the plain shell, not the visitor’s drawing', async () => {
    expect((await visit('/partners', { cookie: admin })).body).not.toContain('drawing');
  });
});
