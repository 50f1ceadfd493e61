import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const partnerCategories = ['employer', 'training-provider', 'funder', 'support-service'] as const;
export const partnerContactChannels = ['email', 'phone', 'in-app'] as const;
export const partnerRequestStatuses = ['pending', 'accepted', 'declined'] as const;

/** The partner directory: employers, trainers, funders and support services members can reach out to. */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Stable handle the seed matches on, so reruns add only new partners. */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    category: text('category', { enum: partnerCategories }).notNull(),
    description: text('description').notNull(),
    /** Skill-area ids from contracts/src/skills.ts. */
    skillTags: text('skill_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    address: text('address').notNull(),
    city: text('city').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    website: text('website'),
    /** A self-contained SVG (initials on a colour) drawn by partner-logo.ts; never fetched from elsewhere. */
    logoSvg: text('logo_svg').notNull(),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Name weighs most, then city and skills, then the description (ranked full-text search). */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', city || ' ' || replace(immutable_array_to_string(skill_tags), '-', ' ')), 'B') || setweight(to_tsvector('english', description), 'C')`,
      ),
  },
  (table) => [
    index('partners_search_idx').using('gin', table.search),
    // earth_box(...) @> ll_to_earth(lat, lng) uses this index; needs the cube and earthdistance extensions.
    index('partners_location_idx').using('gist', sql`ll_to_earth(${table.lat}, ${table.lng})`),
    index('partners_category_idx').on(table.category),
    check(
      'partners_category_check',
      sql`${table.category} in ('employer', 'training-provider', 'funder', 'support-service')`,
    ),
    check('partners_lat_check', sql`${table.lat} between -90 and 90`),
    check('partners_lng_check', sql`${table.lng} between -180 and 180`),
  ],
);

/** A member asking a partner to get in touch; admins answer it (accepted or declined). */
export const partnerConnectionRequests = pgTable(
  'partner_connection_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    preferredContact: text('preferred_contact', { enum: partnerContactChannels }).notNull(),
    /** The member agreed to share their profile with the partner; a request cannot exist without it. */
    consentToShareProfile: boolean('consent_to_share_profile').notNull(),
    status: text('status', { enum: partnerRequestStatuses }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the admin wrote to the member with the answer, if anything. */
    answerMessage: text('answer_message'),
  },
  (table) => [
    // One open request per member and partner; answered ones stay as history.
    uniqueIndex('partner_requests_one_open_idx')
      .on(table.userId, table.partnerId)
      .where(sql`${table.status} = 'pending'`),
    index('partner_requests_user_idx').on(table.userId, table.createdAt),
    index('partner_requests_status_idx').on(table.status, table.createdAt),
    index('partner_requests_partner_idx').on(table.partnerId),
    check('partner_requests_consent_check', sql`${table.consentToShareProfile}`),
    check('partner_requests_contact_check', sql`${table.preferredContact} in ('email', 'phone', 'in-app')`),
    check('partner_requests_status_check', sql`${table.status} in ('pending', 'accepted', 'declined')`),
  ],
);
