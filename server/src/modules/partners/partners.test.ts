import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  partnerListResponseSchema,
  partnerSchema,
  readPartnerLogo,
  skillAreaIdSchema,
} from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { initialsOf, partnerLogoSvg } from './partner-logo.ts';
import { loadPartnerSeed, seedPartners } from '../../seed/partners.ts';

/** Great-circle distance on earthdistance's sphere (R = 6378.168 km), the reference the API must match. */
function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6378.168 * Math.asin(Math.sqrt(h));
}

describe('partner directory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedPartners(t.db);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/partners${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return partnerListResponseSchema.parse(response.json());
  };

  it('seeds 24+ original partners over every category and 3+ cities, idempotently, with drawn logos', async () => {
    const seed = await loadPartnerSeed();
    expect(seed.length).toBeGreaterThanOrEqual(24);
    expect(new Set(seed.map((p) => p.category))).toEqual(
      new Set(['employer', 'training-provider', 'funder', 'support-service']),
    );
    expect(new Set(seed.map((p) => p.city)).size).toBeGreaterThanOrEqual(3);
    for (const partner of seed) {
      for (const tag of partner.skillTags) expect(skillAreaIdSchema.safeParse(tag).success).toBe(true);
    }
    expect(await seedPartners(t.db)).toBe(0);
    const all = await list('?pageSize=50');
    expect(all.total).toBe(seed.length);
    for (const partner of all.items) {
      expect(partner.logoSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(partner.logoSvg).not.toMatch(/href|<script|<image/);
      expect(partner.distanceKm).toBeNull();
    }
  });

  it('draws initials from the significant words of a name', () => {
    expect(initialsOf('Bright Path Academy')).toBe('BP');
    expect(initialsOf('The Jewellery Quarter Makers')).toBe('JQ');
    expect(initialsOf('Stokes-Croft Youth')).toBe('SC');
    // Only letters and digits reach the markup.
    expect(partnerLogoSvg('<Ada> & "Bo"', '#0F766E')).toContain('>AB</text>');
    expect(() => partnerLogoSvg('X', 'red"/><script>')).toThrow();
  });

  it('draws its logos in the form readers take apart to show them (readPartnerLogo)', () => {
    expect(readPartnerLogo(partnerLogoSvg('Bright Path Academy', '#0F766E'))).toEqual({
      kind: 'initials',
      initials: 'BP',
      color: '#0F766E',
    });
    expect(readPartnerLogo('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>')).toEqual({
      kind: 'other',
    });
  });

  it('searches full text, ranked, by name, description, city and skill words', async () => {
    const byName = await list('?q=canalside');
    expect(byName.items[0]!.name).toBe('Canalside Code School');
    const byWords = await list(`?q=${encodeURIComponent('bookkeeping payroll')}`);
    expect(byWords.items[0]!.name).toBe('Temple Quay Finance Academy');
    expect((await list('?q=zzqxv')).total).toBe(0);
    const punctuation = await list(`?q=${encodeURIComponent("it's | & ! (code:* localhost:3000")}`);
    expect(punctuation.items.length).toBeLessThanOrEqual(20);
  });

  it('filters by category, skill and city, and combines them', async () => {
    const funders = await list('?category=funder&pageSize=50');
    expect(funders.total).toBeGreaterThanOrEqual(4);
    expect(funders.items.every((p) => p.category === 'funder')).toBe(true);
    const skill = await list('?skill=entrepreneurship&pageSize=50');
    expect(skill.total).toBeGreaterThanOrEqual(3);
    expect(skill.items.every((p) => p.skillTags.includes('entrepreneurship'))).toBe(true);
    const leeds = await list('?city=leeds&category=employer&pageSize=50');
    expect(leeds.items.length).toBeGreaterThan(0);
    expect(leeds.items.every((p) => p.city === 'Leeds' && p.category === 'employer')).toBe(true);
  });

  it('orders by distance from a point, returning the distance, within the radius', async () => {
    // Manchester Piccadilly station.
    const origin = { lat: 53.4774, lng: -2.2309 };
    const near = await list(`?near=${origin.lat},${origin.lng}&pageSize=50`);
    const manchester = (await list('?city=Manchester&pageSize=50')).total;
    // 100 km by default: Manchester and Leeds (about 58 km away), not Birmingham (113 km) or Bristol.
    expect(new Set(near.items.map((p) => p.city))).toEqual(new Set(['Manchester', 'Leeds']));
    expect(near.items.slice(0, manchester).every((p) => p.city === 'Manchester')).toBe(true);
    const distances = near.items.map((p) => p.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const partner of near.items) {
      expect(partner.distanceKm!).toBeCloseTo(haversineKm(origin, partner), 0);
    }

    const wide = await list(`?near=${origin.lat},${origin.lng}&radiusKm=2000&pageSize=50`);
    expect(wide.total).toBe((await list('?pageSize=1')).total);
    expect(wide.items.at(-1)!.city).toBe('Bristol');

    const combined = await list(`?near=51.4545,-2.5879&category=funder`);
    expect(combined.items.map((p) => p.city)).toEqual(['Bristol', 'Bristol']);
    expect(combined.items[0]!.distanceKm!).toBeLessThan(combined.items[1]!.distanceKm!);

    const nowhere = await list('?near=0,0');
    expect(nowhere).toMatchObject({ items: [], total: 0 });
  });

  it('paginates within bounds', async () => {
    const first = await list('?pageSize=10&page=1');
    const third = await list('?pageSize=10&page=3');
    expect(first.items).toHaveLength(10);
    expect(third.items.length).toBe(first.total - 20);
    expect(third.items.map((p) => p.id)).not.toContain(first.items[0]!.id);
    expect(await list('?pageSize=10&page=99')).toMatchObject({ items: [], total: first.total, page: 99 });
    for (const query of ['?pageSize=0', '?pageSize=51', '?page=0', '?page=abc']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/partners${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('answers bad coordinates and filters with a clear 400', async () => {
    for (const near of ['91,0', '0,181', 'abc', '1,2,3', '53.4', '', ' ,1', '1e3,2', 'NaN,NaN']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/partners?near=${encodeURIComponent(near)}`,
      });
      expect(response.statusCode, near).toBe(400);
      const body = apiErrorSchema.parse(response.json());
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.issues?.[0]?.path).toBe('querystring.near');
    }
    for (const query of ['?category=bank', '?skill=juggling', '?radiusKm=-5', '?radiusKm=99999']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/partners${query}` })).statusCode, query).toBe(
        400,
      );
    }
  });

  it('opens one partner by id or slug, 404 for unknown ones', async () => {
    const [partner] = (await list('?pageSize=1')).items;
    const byId = await t.app.inject({ method: 'GET', url: `/api/partners/${partner!.id}` });
    expect(partnerSchema.parse(byId.json())).toEqual(partner);
    const bySlug = await t.app.inject({ method: 'GET', url: `/api/partners/${partner!.slug}` });
    expect(bySlug.json()).toEqual(byId.json());
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-such-partner']) {
      const missing = await t.app.inject({ method: 'GET', url: `/api/partners/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(apiErrorSchema.parse(missing.json()).error.code).toBe('NOT_FOUND');
    }
  });

  it('uses the GiST index for the distance box', async () => {
    // With 26 rows a sequential scan is cheaper, so the planner is told to prefer any index it can use.
    const client = await t.db.$client.connect();
    try {
      await client.query('begin; set local enable_seqscan = off');
      const { rows } = await client.query(
        `explain select id from partners where earth_box(ll_to_earth(53.48, -2.23), 100000) @> ll_to_earth(lat, lng)`,
      );
      await client.query('commit');
      expect(JSON.stringify(rows)).toContain('partners_location_idx');
    } finally {
      client.release();
    }
  });
});
