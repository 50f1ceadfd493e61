import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { AdminPartner, adminPartnerCreateSchema, AdminPartnerUpdate, Partner } from '@uplift/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { partners } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { recordAudit, type Actor } from '../audit/index.ts';
import { logoFacts } from './partner-logo-image.ts';
import { partnerLogoSvg } from './partner-logo.ts';

type PartnerRow = typeof partners.$inferSelect;
type AdminPartnerCreateBody = z.infer<typeof adminPartnerCreateSchema>;

export function toAdminPartner(row: PartnerRow): AdminPartner {
  const logo = logoFacts(row.logoSvg);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    description: row.description,
    // Tags are written only from the contracts' list (seed and admin schemas); the cast carries that.
    skillTags: row.skillTags as Partner['skillTags'],
    address: row.address,
    city: row.city,
    lat: row.lat,
    lng: row.lng,
    website: row.website,
    logoSvg: row.logoSvg,
    published: row.published,
    logoKind: logo.kind,
    logoColor: logo.color,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps: the edited fields, and the logo as its kind and colour (not its bytes). */
function auditView(row: PartnerRow) {
  const { name, category, description, skillTags, address, city, lat, lng, website, published } = row;
  const logo = logoFacts(row.logoSvg);
  return {
    name,
    category,
    description,
    skillTags,
    address,
    city,
    lat,
    lng,
    website,
    published,
    logo: logo.color ?? logo.kind,
  };
}

function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

const slugOf = (name: string) =>
  `${
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'partner'
  }-${randomBytes(3).toString('hex')}`;

export function createPartnersAdmin(db: Database) {
  /** Applies one change in a transaction with its audit entry (publish and unpublish get their own verbs). */
  async function change(
    actor: Actor,
    id: string,
    set: (current: PartnerRow) => Partial<typeof partners.$inferInsert>,
    verb?: string,
  ): Promise<AdminPartner> {
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(partners).where(eq(partners.id, id)).for('update');
      if (!current) throw new HttpError(404, 'No partner with that id.');
      const [row] = await tx
        .update(partners)
        .set({ ...set(current), updatedAt: sql`now()` })
        .where(eq(partners.id, id))
        .returning();
      if (!row) throw new HttpError(404, 'No partner with that id.');
      const diff = changedFields(auditView(current), auditView(row));
      const changed = Object.keys(diff.after);
      if (changed.length > 0 || verb) {
        const published = changed.join() === 'published';
        await recordAudit(tx, {
          actor,
          action:
            verb ??
            (published ? (row.published ? 'partner.publish' : 'partner.unpublish') : 'partner.update'),
          subjectType: 'partner',
          subjectId: row.id,
          subjectLabel: row.name,
          ...diff,
        });
      }
      return toAdminPartner(row);
    });
  }

  return {
    async list(): Promise<AdminPartner[]> {
      const rows = await db.select().from(partners).orderBy(asc(partners.name));
      return rows.map(toAdminPartner);
    },

    async create(actor: Actor, body: AdminPartnerCreateBody): Promise<AdminPartner> {
      const { logoColor, ...fields } = body;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(partners)
          .values({ ...fields, slug: slugOf(fields.name), logoSvg: partnerLogoSvg(fields.name, logoColor) })
          .returning();
        if (!row) throw new Error('partner not inserted');
        await recordAudit(tx, {
          actor,
          action: 'partner.create',
          subjectType: 'partner',
          subjectId: row.id,
          subjectLabel: row.name,
          before: null,
          after: auditView(row),
        });
        return toAdminPartner(row);
      });
    },

    /** Only the fields sent change; a new name redraws an initials logo, a colour draws one afresh. */
    update(actor: Actor, id: string, body: AdminPartnerUpdate): Promise<AdminPartner> {
      const { logoColor, ...fields } = body;
      return change(actor, id, (current) => {
        const name = fields.name ?? current.name;
        const color = logoColor ?? logoFacts(current.logoSvg).color;
        const redraw = logoColor !== undefined || (fields.name !== undefined && color !== null);
        return redraw && color ? { ...fields, logoSvg: partnerLogoSvg(name, color) } : fields;
      });
    },

    setLogo(actor: Actor, id: string, logoSvg: string): Promise<AdminPartner> {
      return change(actor, id, () => ({ logoSvg }), 'partner.logo');
    },

    /** Its connection requests go with it (the members' request history names a partner that is gone). */
    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(partners).where(eq(partners.id, id)).returning();
        if (!row) throw new HttpError(404, 'No partner with that id.');
        await recordAudit(tx, {
          actor,
          action: 'partner.delete',
          subjectType: 'partner',
          subjectId: row.id,
          subjectLabel: row.name,
          before: auditView(row),
          after: null,
        });
      });
    },
  };
}
