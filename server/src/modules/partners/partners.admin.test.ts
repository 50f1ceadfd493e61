import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPartnerListSchema,
  adminPartnerSchema,
  apiErrorSchema,
  auditLogPageSchema,
  partnerListResponseSchema,
  readPartnerLogo,
  type AdminPartnerCreate,
} from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { multipartContentType, multipartFile } from '../../../test/multipart.ts';
import { seedPartners } from '../../seed/partners.ts';

const newPartner: AdminPartnerCreate = {
  name: 'Harbour Lights Apprenticeships',
  category: 'training-provider',
  description: 'Paid apprenticeships in marine engineering and boat building, with a weekly mentor.',
  skillTags: ['project-management', 'communication'],
  address: '2 Quay Street, Bristol BS1 4DB',
  city: 'Bristol',
  lat: 51.4545,
  lng: -2.5879,
  website: 'https://www.example.org/partners/harbour-lights',
};

describe('admin partners: create, edit, publish, logo, delete', () => {
  let t: TestApp;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedPartners(t.db);
    admin = (await signedInAs(t.app, t.db, 'admin')).cookie;
    member = (await signedInAs(t.app, t.db, 'member-tier-2')).cookie;
  });
  afterAll(() => t.close());

  const json = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const search = async (q: string) =>
    partnerListResponseSchema.parse(
      (await t.app.inject({ url: `/api/partners?q=${encodeURIComponent(q)}` })).json(),
    );
  const auditOf = async (id: string) =>
    auditLogPageSchema.parse(
      (
        await t.app.inject({ url: `/api/admin/audit-log?subjectId=${id}`, headers: { cookie: admin } })
      ).json(),
    ).items;

  it('refuses bad input field by field, and members altogether', async () => {
    const bad = await json('POST', '/api/admin/partners', {
      ...newPartner,
      name: '',
      lat: 91,
      lng: 'west',
      website: 'javascript:alert(1)',
      logoColor: '#123456',
    });
    expect(bad.statusCode).toBe(400);
    const issues = apiErrorSchema.parse(bad.json()).error.issues ?? [];
    expect(issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['body.name', 'body.lat', 'body.lng', 'body.website', 'body.logoColor']),
    );
    expect(issues.find((issue) => issue.path === 'body.lat')?.message).toBe(
      'Latitude is between -90 and 90.',
    );
    expect((await json('POST', '/api/admin/partners', newPartner, member)).statusCode).toBe(403);
  });

  it('creates unpublished (absent from the directory, 404), publishes into search, unpublishes out', async () => {
    const created = await json('POST', '/api/admin/partners', { ...newPartner, logoColor: '#B91C1C' });
    expect(created.statusCode, created.body).toBe(201);
    const partner = adminPartnerSchema.parse(created.json());
    expect(partner).toMatchObject({ published: false, logoKind: 'initials', logoColor: '#B91C1C' });
    expect((await search('harbour apprenticeships')).items.map((p) => p.id)).not.toContain(partner.id);
    expect((await t.app.inject({ url: `/api/partners/${partner.slug}` })).statusCode).toBe(404);

    await json('PATCH', `/api/admin/partners/${partner.id}`, { published: true });
    const found = await search('harbour apprenticeships');
    expect(found.items[0]).toMatchObject({ id: partner.id, name: newPartner.name, city: 'Bristol' });
    const near = partnerListResponseSchema.parse(
      (await t.app.inject({ url: '/api/partners?near=51.45,-2.59&radiusKm=5' })).json(),
    );
    expect(near.items.map((p) => p.id)).toContain(partner.id);

    const renamed = adminPartnerSchema.parse(
      (
        await json('PATCH', `/api/admin/partners/${partner.id}`, {
          name: 'Quayside Apprenticeships',
          lat: 51.46,
        })
      ).json(),
    );
    // The initials logo follows the new name, in the same colour.
    expect(renamed.logoSvg).toContain('>QA</text>');
    expect(renamed.logoColor).toBe('#B91C1C');

    await json('PATCH', `/api/admin/partners/${partner.id}`, { published: false });
    expect((await search('quayside')).items).toHaveLength(0);

    const audit = await auditOf(partner.id);
    expect(audit.map((entry) => entry.action)).toEqual([
      'partner.unpublish',
      'partner.update',
      'partner.publish',
      'partner.create',
    ]);
    expect(audit[1]).toMatchObject({
      before: { name: newPartner.name, lat: 51.4545 },
      after: { name: 'Quayside Apprenticeships', lat: 51.46 },
    });
  });

  it('takes a logo through the image pipeline (sniffed, metadata dropped) and refuses a renamed file', async () => {
    const partner = adminPartnerListSchema
      .parse((await t.app.inject({ url: '/api/admin/partners', headers: { cookie: admin } })).json())
      .items.find((p) => p.published)!;
    const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#0a5' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam' } } as never)
      .toBuffer();
    const upload = (bytes: Buffer, name: string, type: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/partners/${partner.id}/logo`,
        headers: { cookie: admin, 'content-type': multipartContentType },
        payload: multipartFile(bytes, name, type, 'file'),
      });

    const renamed = await upload(Buffer.from('<svg onload="alert(1)"/>'), 'logo.png', 'image/png');
    expect(renamed.statusCode).toBe(400);

    const response = await upload(logo, 'logo.jpg', 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const updated = adminPartnerSchema.parse(response.json());
    expect(updated.logoKind).toBe('image');
    const embedded = /data:image\/webp;base64,([A-Za-z0-9+/=]+)/.exec(updated.logoSvg)?.[1];
    const meta = await sharp(Buffer.from(embedded!, 'base64')).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 128, height: 43 });
    expect(meta.exif).toBeUndefined();
    // What the directory shows: the WebP itself, with no SVG around it.
    expect(readPartnerLogo(updated.logoSvg)).toEqual({
      kind: 'image',
      webpDataUrl: `data:image/webp;base64,${embedded}`,
    });
    // The public directory shows the new logo at once.
    const shown = partnerListResponseSchema
      .parse((await t.app.inject({ url: `/api/partners?q=${encodeURIComponent(partner.name)}` })).json())
      .items.find((p) => p.id === partner.id);
    expect(shown?.logoSvg).toBe(updated.logoSvg);
    expect((await auditOf(partner.id))[0]).toMatchObject({
      action: 'partner.logo',
      after: { logo: 'image' },
    });
  });

  it('deletes a partner (admins only), audited with what it was', async () => {
    const partner = adminPartnerSchema.parse((await json('POST', '/api/admin/partners', newPartner)).json());
    expect((await json('DELETE', `/api/admin/partners/${partner.id}`, undefined, member)).statusCode).toBe(
      403,
    );
    expect((await json('DELETE', `/api/admin/partners/${partner.id}`)).statusCode).toBe(200);
    expect((await json('PATCH', `/api/admin/partners/${partner.id}`, { published: true })).statusCode).toBe(
      404,
    );
    expect((await auditOf(partner.id))[0]).toMatchObject({
      action: 'partner.delete',
      before: { name: newPartner.name },
      after: null,
    });
  });
});
