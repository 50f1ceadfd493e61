import { z } from 'zod';
import { skillAreaIdSchema } from '../skills.ts';
import { safeText } from '../text.ts';
import { partnerCategorySchema, partnerSchema } from './partners.ts';
import { videoKindSchema } from './videos.ts';

/**
 * Admin editing of the video catalogue and the partner directory (/api/admin/videos, /api/admin/partners).
 * Everything the forms check is checked here, so the server refuses the same input with the same words.
 */

export const videoUploadLimits = {
  /** An MP4 of a few minutes at phone quality is well under this; longer talks belong elsewhere. */
  mediaMaxBytes: 200 * 1024 * 1024,
  posterMaxBytes: 10 * 1024 * 1024,
  posterMaxPixels: 50_000_000,
  mediaAcceptedTypes: ['video/mp4'],
  posterAcceptedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
} as const;

export const partnerLogoLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 50_000_000,
  acceptedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
} as const;

/** The colours a partner's initials logo may use: each keeps white initials above 4.5:1 contrast. */
export const partnerLogoColors = [
  '#0F766E',
  '#1D4ED8',
  '#7C3AED',
  '#B91C1C',
  '#C2410C',
  '#15803D',
  '#BE185D',
  '#334155',
  '#0369A1',
  '#6D28D9',
] as const;
export const partnerLogoColorSchema = z.enum(partnerLogoColors, 'Choose one of the listed colours.');

/** Stored names the upload routes hand out; a create or edit may name only these (or keep its own). */
export const uploadedMediaKeyPattern = /^uploads\/[0-9a-f]{32}\.mp4$/;
export const uploadedPosterKeyPattern = /^uploads\/[0-9a-f]{32}-poster\.webp$/;

const title = safeText().trim().min(1, 'Give it a title.').max(120, 'Keep the title to 120 characters.');
const description = safeText()
  .trim()
  .min(1, 'Write a short description.')
  .max(600, 'Keep the description to 600 characters.');
const skillTags = z
  .array(skillAreaIdSchema)
  .min(1, 'Choose at least one skill.')
  .max(8)
  .refine((tags) => new Set(tags).size === tags.length, 'Each skill once.');

export const adminVideoSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    kind: videoKindSchema,
    durationSeconds: z.number(),
    skillTags: z.array(z.string()),
    premium: z.boolean(),
    published: z.boolean(),
    /** `seeded`: the demo file in the repository; `uploaded`: a file an admin uploaded. */
    mediaSource: z.enum(['seeded', 'uploaded']),
    posterSource: z.enum(['seeded', 'uploaded']),
    hasCaptions: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminVideo' });
export type AdminVideo = z.infer<typeof adminVideoSchema>;

export const adminVideoListSchema = z
  .object({ items: z.array(adminVideoSchema) })
  .meta({ id: 'AdminVideoList' });

export const adminVideoCreateSchema = z.object({
  title,
  description,
  kind: videoKindSchema,
  skillTags,
  premium: z.boolean().default(false),
  /** New videos start unpublished unless asked, so an admin can check them first. */
  published: z.boolean().default(false),
  mediaKey: z.string().regex(uploadedMediaKeyPattern, 'Upload the video file (MP4).'),
  posterKey: z.string().regex(uploadedPosterKeyPattern, 'Upload a poster image.'),
});
export type AdminVideoCreate = z.input<typeof adminVideoCreateSchema>;

/** Only the fields sent change; a media or poster key not sent keeps the current (possibly seeded) file. */
export const adminVideoUpdateSchema = z
  .object({
    title,
    description,
    kind: videoKindSchema,
    skillTags,
    premium: z.boolean(),
    published: z.boolean(),
    mediaKey: z.string().regex(uploadedMediaKeyPattern, 'Upload the video file (MP4) again.'),
    posterKey: z.string().regex(uploadedPosterKeyPattern, 'Upload the poster image again.'),
  })
  .partial();
export type AdminVideoUpdate = z.infer<typeof adminVideoUpdateSchema>;

export const videoMediaUploadSchema = z
  .object({ mediaKey: z.string(), durationSeconds: z.number(), bytes: z.number().int() })
  .meta({ id: 'VideoMediaUpload' });
export type VideoMediaUpload = z.infer<typeof videoMediaUploadSchema>;

export const videoPosterUploadSchema = z
  .object({ posterKey: z.string(), width: z.number().int(), height: z.number().int() })
  .meta({ id: 'VideoPosterUpload' });
export type VideoPosterUpload = z.infer<typeof videoPosterUploadSchema>;

export const adminPartnerSchema = partnerSchema
  .omit({ distanceKm: true })
  .extend({
    published: z.boolean(),
    /** `initials`: drawn from the name on `logoColor`; `image`: an uploaded logo. */
    logoKind: z.enum(['initials', 'image']),
    logoColor: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminPartner' });
export type AdminPartner = z.infer<typeof adminPartnerSchema>;

export const adminPartnerListSchema = z
  .object({ items: z.array(adminPartnerSchema) })
  .meta({ id: 'AdminPartnerList' });

const partnerFields = {
  name: safeText().trim().min(1, 'Give the partner a name.').max(120, 'Keep the name to 120 characters.'),
  category: partnerCategorySchema,
  description: safeText()
    .trim()
    .min(1, 'Write a short description.')
    .max(1000, 'Keep the description to 1000 characters.'),
  skillTags,
  address: safeText().trim().min(1, 'Give the address.').max(200),
  city: safeText().trim().min(1, 'Give the city.').max(100),
  lat: z
    .number('Latitude must be a number.')
    .min(-90, 'Latitude is between -90 and 90.')
    .max(90, 'Latitude is between -90 and 90.'),
  lng: z
    .number('Longitude must be a number.')
    .min(-180, 'Longitude is between -180 and 180.')
    .max(180, 'Longitude is between -180 and 180.'),
  website: z
    .url({ protocol: /^https?$/, error: 'Give a full web address starting with https://.' })
    .max(300)
    .nullable(),
  published: z.boolean(),
  /** Draws (or redraws) the initials logo in this colour, replacing an uploaded logo. */
  logoColor: partnerLogoColorSchema,
};

export const adminPartnerCreateSchema = z.object({
  ...partnerFields,
  website: partnerFields.website.default(null),
  published: partnerFields.published.default(false),
  logoColor: partnerFields.logoColor.default(partnerLogoColors[0]),
});
export type AdminPartnerCreate = z.input<typeof adminPartnerCreateSchema>;

export const adminPartnerUpdateSchema = z.object(partnerFields).partial();
export type AdminPartnerUpdate = z.infer<typeof adminPartnerUpdateSchema>;
