import { z } from 'zod';

export const videoKinds = ['featured', 'short'] as const;
export const videoKindSchema = z.enum(videoKinds);
export type VideoKind = z.infer<typeof videoKindSchema>;

/** The role a premium video needs (PRODUCT.md §1: premium videos are for member-tier-2 and above). */
export const premiumVideoRole = 'member-tier-2' as const;

/** A video counts as finished once playback reaches this share of it (the credits need not be watched). */
export const videoCompletedShare = 0.95;

export const videoProgressSchema = z
  .object({
    positionSeconds: z.number(),
    watchedSeconds: z.number(),
    completed: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'VideoProgress' });
export type VideoProgress = z.infer<typeof videoProgressSchema>;

export const videoSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    kind: videoKindSchema,
    durationSeconds: z.number(),
    skillTags: z.array(z.string()),
    premium: z.boolean(),
    /** Premium and the caller is below member-tier-2: listed with its poster, but no media or captions. */
    locked: z.boolean(),
    /** API paths (under the API base), content-addressed: a new file gets a new URL. */
    posterUrl: z.string(),
    /**
     * Null when locked. A premium video's file URLs are signed (`exp`, `sig`) for the viewer who may play
     * it: they play for about an hour without the session, as a `<video>` in the native shells cannot
     * send the bearer token.
     */
    mediaUrl: z.string().nullable(),
    captionsUrl: z.string().nullable(),
    /** The signed-in member's progress in this video; null when anonymous or not started. */
    progress: videoProgressSchema.nullable(),
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof videoSchema>;

export const videoListResponseSchema = z.object({ items: z.array(videoSchema) }).meta({ id: 'VideoList' });
export type VideoList = z.infer<typeof videoListResponseSchema>;

export const videoIdParamsSchema = z.object({ id: z.uuid() });

/** Media URLs carry `?v=<version>`; a stale or missing version is served but not cached as immutable. */
export const videoFileQuerySchema = z.object({
  v: z.string().max(64).optional(),
  /** A signed premium file URL (videos.service.ts): when it stops working (Unix seconds), and its HMAC. */
  exp: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 40)
    .optional(),
  sig: z.string().max(128).optional(),
});

export const videoProgressBodySchema = z.object({
  /** Where playback is now, in seconds (clamped to the video's length by the server). */
  positionSeconds: z.number().finite().min(0).max(86_400),
  /** Seconds of real playback since the previous report (added up into watchedSeconds). */
  watchedDeltaSeconds: z.number().finite().min(0).max(3_600).default(0),
});
export type VideoProgressBody = z.input<typeof videoProgressBodySchema>;
