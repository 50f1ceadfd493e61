import { z } from 'zod';
import { apiErrorSchema } from '../errors.ts';
import { skillAreaIdSchema } from '../skills.ts';
import { safeText } from '../text.ts';
import {
  partnerCategories,
  partnerAnswerMessageMaxLength,
  offeredContactChannels,
  partnerContactChannels,
  partnerMessageMaxLength,
  partnerNearLimits,
  partnerRequestStatuses,
} from './partner-constants.ts';

export * from './partner-constants.ts';
export * from './partner-logo.ts';

export const partnerCategorySchema = z.enum(partnerCategories);
export const partnerContactChannelSchema = z.enum(partnerContactChannels);
export const partnerRequestStatusSchema = z.enum(partnerRequestStatuses);

export const partnerSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    category: partnerCategorySchema,
    description: z.string(),
    skillTags: z.array(skillAreaIdSchema),
    address: z.string(),
    city: z.string(),
    lat: z.number(),
    lng: z.number(),
    website: z.string().nullable(),
    /** A self-contained SVG drawn by the server from the partner's initials and colour. */
    logoSvg: z.string(),
    /** Kilometres from the `near` point; null when the list was not asked for one. */
    distanceKm: z.number().nullable(),
  })
  .meta({ id: 'Partner' });
export type Partner = z.infer<typeof partnerSchema>;

const coordinate = /^-?\d{1,3}(\.\d+)?$/;

/** `lat,lng` in decimal degrees, as the "Near me" button sends it. */
export const partnerNearSchema = z
  .string()
  .max(64)
  .refine((value) => {
    const [lat, lng, extra] = value.split(',');
    if (lat === undefined || lng === undefined || extra !== undefined) return false;
    if (!coordinate.test(lat.trim()) || !coordinate.test(lng.trim())) return false;
    return Math.abs(Number(lat)) <= 90 && Math.abs(Number(lng)) <= 180;
  }, 'must be "lat,lng" in decimal degrees (latitude -90 to 90, longitude -180 to 180)');

export function parsePartnerNear(near: string): { lat: number; lng: number } {
  const [lat = Number.NaN, lng = Number.NaN] = near.split(',').map(Number);
  return { lat, lng };
}

export const partnerListQuerySchema = z.object({
  q: safeText().trim().max(200).optional(),
  category: partnerCategorySchema.optional(),
  skill: skillAreaIdSchema.optional(),
  city: safeText().trim().min(1).max(100).optional(),
  near: partnerNearSchema.optional(),
  radiusKm: z.coerce
    .number()
    .positive()
    .max(partnerNearLimits.maxRadiusKm)
    .default(partnerNearLimits.defaultRadiusKm),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type PartnerListQuery = z.infer<typeof partnerListQuerySchema>;

export const partnerListResponseSchema = z
  .object({
    items: z.array(partnerSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'PartnerList' });
export type PartnerList = z.infer<typeof partnerListResponseSchema>;

export const partnerConnectBodySchema = z.object({
  message: safeText().trim().min(1, 'Write a short message.').max(partnerMessageMaxLength),
  preferredContact: z.enum(offeredContactChannels, 'Choose email or in the app.'),
  /** Must be true; a false is answered with a clear 400 (partnerConsentRequiredMessage). */
  consentToShareProfile: z.boolean(),
});
export type PartnerConnectBody = z.infer<typeof partnerConnectBodySchema>;

export const partnerConnectionRequestSchema = z
  .object({
    id: z.string(),
    partnerId: z.string(),
    partnerName: z.string(),
    partnerLogoSvg: z.string(),
    message: z.string(),
    preferredContact: partnerContactChannelSchema,
    status: partnerRequestStatusSchema,
    createdAt: z.string(),
    answeredAt: z.string().nullable(),
    /** What the admin wrote with their answer; null while pending or when they wrote nothing. */
    answerMessage: z.string().nullable(),
  })
  .meta({ id: 'PartnerConnectionRequest' });
export type PartnerConnectionRequest = z.infer<typeof partnerConnectionRequestSchema>;

/** 409: the member already has an open request with this partner; it comes back with the error. */
export const partnerConnectConflictSchema = apiErrorSchema
  .extend({ existingRequest: partnerConnectionRequestSchema })
  .meta({ id: 'PartnerConnectConflict' });
export type PartnerConnectConflict = z.infer<typeof partnerConnectConflictSchema>;

export const myPartnerRequestsResponseSchema = z
  .object({ items: z.array(partnerConnectionRequestSchema) })
  .meta({ id: 'MyPartnerRequests' });
export type MyPartnerRequests = z.infer<typeof myPartnerRequestsResponseSchema>;

export const adminPartnerRequestSchema = partnerConnectionRequestSchema
  .extend({
    member: z.object({ id: z.string(), displayName: z.string(), email: z.string() }),
  })
  .meta({ id: 'AdminPartnerRequest' });
export type AdminPartnerRequest = z.infer<typeof adminPartnerRequestSchema>;

export const adminPartnerRequestListQuerySchema = z.object({
  status: partnerRequestStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type AdminPartnerRequestListQuery = z.infer<typeof adminPartnerRequestListQuerySchema>;

export const adminPartnerRequestListResponseSchema = z
  .object({
    items: z.array(adminPartnerRequestSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'AdminPartnerRequestList' });
export type AdminPartnerRequestList = z.infer<typeof adminPartnerRequestListResponseSchema>;

export const partnerRequestAnswerBodySchema = z.object({
  status: z.enum(['accepted', 'declined']),
  /** The admin's word to the member with the answer (issue 15: "accept or decline with a message"). */
  message: safeText().trim().max(partnerAnswerMessageMaxLength).optional(),
});
export type PartnerRequestAnswerBody = z.infer<typeof partnerRequestAnswerBodySchema>;
