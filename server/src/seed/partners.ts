import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { partnerCategorySchema, skillAreaIdSchema } from '@uplift/contracts';
import type { Database } from '../db/client.ts';
import { partners } from '../db/schema.ts';
import { logoPalette, partnerLogoSvg } from '../modules/partners/index.ts';

const seedFile = new URL('./partners.json', import.meta.url);

const seedSchema = z.array(
  z.object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    category: partnerCategorySchema,
    city: z.string().min(1),
    address: z.string().min(1),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    skillTags: z.array(skillAreaIdSchema).min(1),
    website: z.url().nullable(),
    color: z.enum(logoPalette),
    description: z.string().min(1),
  }),
);

export async function loadPartnerSeed() {
  return seedSchema.parse(JSON.parse(await readFile(seedFile, 'utf8')));
}

/** The demo directory (original, fictional organisations); matched by slug, so reruns add only new ones. */
export async function seedPartners(db: Database): Promise<number> {
  const seed = await loadPartnerSeed();
  const inserted = await db
    .insert(partners)
    .values(
      seed.map(({ color, ...partner }) => ({ ...partner, logoSvg: partnerLogoSvg(partner.name, color) })),
    )
    .onConflictDoNothing({ target: partners.slug })
    .returning({ id: partners.id });
  return inserted.length;
}
