import { z } from 'zod';
import { skillAreaIdSchema } from '../skills.ts';
import { optionalText, safeText } from '../text.ts';
import { displayNameSchema } from './auth.ts';
import { industries, profileLimits, type IndustryId } from './profile-constants.ts';

export * from './profile-constants.ts';

export const industryIdSchema = z.enum(
  industries.map((industry) => industry.id) as [IndustryId, ...IndustryId[]],
);

/** Who sees a profile: anyone, signed-in members, or only its owner. */
export const profilePrivacies = [
  { id: 'everyone', label: 'Everyone' },
  { id: 'members', label: 'Members only' },
  { id: 'only-me', label: 'Only me' },
] as const;
export const profilePrivacySchema = z.enum(['everyone', 'members', 'only-me']);
export type ProfilePrivacy = z.infer<typeof profilePrivacySchema>;

/** What others see in place of a deleted account's name, on content that stays (posts, comments). */
export const formerMemberName = 'Former member';

export const profileLinkSchema = z.object({
  label: safeText().trim().min(1, 'Name the link').max(profileLimits.linkLabelMax),
  url: safeText()
    .trim()
    .max(profileLimits.linkUrlMax, 'This address is too long')
    // https only, to a real host name: no http, javascript: or data: links on anyone's profile.
    .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, message: 'Use a full https:// address' }))
    .refine((url) => !/^https:\/\/[^/?#]*@/.test(url), 'Leave out any user name or password'),
});
export type ProfileLink = z.infer<typeof profileLinkSchema>;

export const profileLocationSchema = z.object({
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
const profileLocationInputSchema = z.object({
  city: optionalText(profileLimits.placeMax),
  region: optionalText(profileLimits.placeMax),
  country: optionalText(profileLimits.placeMax),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
});
export type ProfileLocation = z.infer<typeof profileLocationSchema>;

/** The URLs of a profile photo's sizes; each changes whenever the photo does (immutable caching). */
export const profilePhotoSchema = z
  .object({ avatar: z.string(), header: z.string(), full: z.string() })
  .meta({ id: 'ProfilePhoto' });
export type ProfilePhoto = z.infer<typeof profilePhotoSchema>;

export const profileSchema = z
  .object({
    userId: z.string(),
    displayName: z.string(),
    /** Only in the owner's own view. */
    email: z.string().nullable(),
    headline: z.string().nullable(),
    bio: z.string().nullable(),
    industry: industryIdSchema.nullable(),
    location: profileLocationSchema,
    skills: z.array(skillAreaIdSchema),
    tags: z.array(z.string()),
    links: z.array(profileLinkSchema),
    privacy: profilePrivacySchema,
    photo: profilePhotoSchema.nullable(),
    memberSince: z.string(),
    isOwn: z.boolean(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateSchema = z
  .object({
    displayName: displayNameSchema,
    headline: optionalText(profileLimits.headlineMax),
    bio: optionalText(profileLimits.bioMax),
    industry: industryIdSchema.nullable(),
    location: profileLocationInputSchema
      .partial()
      .refine(
        (location) => (location.latitude == null) === (location.longitude == null),
        'Give both latitude and longitude, or neither',
      ),
    skills: z
      .array(skillAreaIdSchema)
      .max(8)
      .refine((skills) => new Set(skills).size === skills.length, 'List each skill once'),
    tags: z
      .array(
        safeText()
          .trim()
          .min(1, 'Remove the empty tag')
          .max(profileLimits.tagMax, `Keep tags to ${profileLimits.tagMax} characters`),
      )
      .max(profileLimits.tagsMax, `Use at most ${profileLimits.tagsMax} tags`),
    links: z
      .array(profileLinkSchema)
      .max(profileLimits.linksMax, `Use at most ${profileLimits.linksMax} links`),
    privacy: profilePrivacySchema,
  })
  .partial()
  // No component id: with its trimming, input and output differ (OpenAPI would collide).
  .strict();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const profileUploadLimits = {
  maxBytes: 10 * 1024 * 1024,
  /** Larger images are refused before decoding: a "pixel bomb" would otherwise claim gigabytes. */
  maxPixels: 50_000_000,
  acceptedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
} as const;

export const profileImageResponseSchema = z
  .object({ photo: profilePhotoSchema.nullable() })
  .meta({ id: 'ProfileImage' });
export type ProfileImageResponse = z.infer<typeof profileImageResponseSchema>;
