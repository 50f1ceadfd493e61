import { z } from 'zod';
import { impactCurrency, outcomeTypes, type OutcomeType } from './outcome-constants.ts';
import { hapticPreferenceDefaults } from '../constants.ts';
import { themePreferences } from '../theme.ts';
import { skillAreaIdSchema } from '../skills.ts';
import { safeText } from '../text.ts';
import { displayNameSchema } from './auth.ts';
import { directMessagesExportSchema } from './messages.ts';
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

const optionalText = (max: number) =>
  safeText()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable();

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

/* Outcomes: what members report on their profile; the economic-impact figures sum them. */

export * from './outcome-constants.ts';

export const outcomeTypeSchema = z.enum(
  outcomeTypes.map((type) => type.id) as [OutcomeType, ...OutcomeType[]],
);
export const outcomeLimits = { amountMax: 1_000_000, earliestYear: 1970, noteMax: 200 } as const;

const outcomeDate = z.iso
  .date('Use a date such as 2026-03-31')
  .refine(
    (value) => Number(value.slice(0, 4)) >= outcomeLimits.earliestYear,
    `Use a date from ${outcomeLimits.earliestYear} on`,
  )
  // A day of slack: the member's local date may be ahead of the server's.
  .refine((value) => Date.parse(value) <= Date.now() + 86_400_000, 'Use a date that is not in the future');

export const outcomeInputSchema = z
  .object({
    type: outcomeTypeSchema,
    occurredOn: outcomeDate,
    annualAmount: z
      .number()
      .int('Use a whole amount')
      .min(0, 'Use an amount of 0 or more')
      .max(outcomeLimits.amountMax, `Use an amount up to ${outcomeLimits.amountMax.toLocaleString('en')}`)
      .nullable()
      .default(null),
    note: optionalText(outcomeLimits.noteMax).default(null),
  })
  // No component id: with its defaults and trimming, input and output differ (OpenAPI would collide).
  .strict();
export type OutcomeInput = z.input<typeof outcomeInputSchema>;

export const outcomeSchema = z
  .object({
    id: z.string(),
    type: outcomeTypeSchema,
    occurredOn: z.string(),
    annualAmount: z.number().int().nullable(),
    currency: z.literal(impactCurrency),
    note: z.string().nullable(),
  })
  .meta({ id: 'Outcome' });
export type Outcome = z.infer<typeof outcomeSchema>;

export const outcomeListSchema = z.object({ items: z.array(outcomeSchema) }).meta({ id: 'OutcomeList' });

/* Settings: preferences kept on the server, so they follow the member to every device. */

export const hapticPreferencesSchema = z.object({
  enabled: z.boolean(),
  buttons: z.boolean(),
  navigation: z.boolean(),
  notifications: z.boolean(),
  selections: z.boolean(),
  logo: z.boolean(),
});

export const notificationKinds = [
  { id: 'community', label: 'Replies and reactions in the community' },
  { id: 'partners', label: 'Answers from partners' },
  { id: 'skills', label: 'Skills reminders and results' },
  { id: 'announcements', label: 'Announcements from Uplift' },
] as const;
export type NotificationKind = (typeof notificationKinds)[number]['id'];
const channelSchema = z.object({ inApp: z.boolean(), push: z.boolean() });
export const notificationPreferencesSchema = z.object({
  community: channelSchema,
  partners: channelSchema,
  skills: channelSchema,
  announcements: channelSchema,
});

export const defaultNotificationPreferences: z.infer<typeof notificationPreferencesSchema> = {
  community: { inApp: true, push: true },
  partners: { inApp: true, push: true },
  skills: { inApp: true, push: false },
  announcements: { inApp: true, push: false },
};

/**
 * Email notifications (issue 47.4): per kind, each notification mailed on its own, once a day in a digest,
 * or never. Skills reminders stay in the app.
 */
export const emailNotificationKinds = [
  { id: 'community', label: 'Replies to your posts' },
  { id: 'partners', label: 'Answers from partners' },
  { id: 'announcements', label: 'Announcements from Uplift' },
] as const;
export type EmailNotificationKind = (typeof emailNotificationKinds)[number]['id'];
export const emailFrequencies = [
  { id: 'instant', label: 'Right away' },
  { id: 'daily', label: 'Daily digest' },
  { id: 'off', label: 'Never' },
] as const;
export type EmailFrequency = (typeof emailFrequencies)[number]['id'];
const emailFrequencySchema = z.enum(['instant', 'daily', 'off']);
export const emailPreferencesSchema = z.object({
  community: emailFrequencySchema,
  partners: emailFrequencySchema,
  announcements: emailFrequencySchema,
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const defaultEmailPreferences: EmailPreferences = {
  community: 'instant',
  partners: 'instant',
  announcements: 'daily',
};
export const themePreferenceSchema = z.enum(themePreferences);

export const preferencesSchema = z
  .object({
    haptics: hapticPreferencesSchema,
    notifications: notificationPreferencesSchema,
    email: emailPreferencesSchema,
    theme: themePreferenceSchema,
  })
  .meta({ id: 'Preferences' });
export type Preferences = z.infer<typeof preferencesSchema>;

export const defaultPreferences: Preferences = {
  haptics: { ...hapticPreferenceDefaults },
  notifications: defaultNotificationPreferences,
  email: defaultEmailPreferences,
  theme: 'system',
};

export const preferencesUpdateSchema = z
  .object({
    haptics: hapticPreferencesSchema.partial().strict(),
    notifications: z
      .object({
        community: channelSchema.partial().strict(),
        partners: channelSchema.partial().strict(),
        skills: channelSchema.partial().strict(),
        announcements: channelSchema.partial().strict(),
      })
      .partial()
      .strict(),
    email: emailPreferencesSchema.partial().strict(),
    theme: themePreferenceSchema,
  })
  .partial()
  .strict()
  .meta({ id: 'PreferencesUpdate' });

/** The one-click unsubscribe of a notification mail (RFC 8058), or the page its link opens. */
export const unsubscribeRequestSchema = z
  .object({ token: z.string().min(1).max(300) })
  .meta({ id: 'UnsubscribeRequest' });
export const unsubscribedSchema = z
  .object({
    success: z.literal(true),
    /** What the link stopped: one kind, or every kind (a digest's link). */
    kind: z.enum(['community', 'partners', 'announcements', 'all']),
  })
  .meta({ id: 'Unsubscribed' });
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

/* Account: signed-in devices, export, deletion. */

export const accountSessionSchema = z
  .object({
    id: z.string(),
    userAgent: z.string().nullable(),
    ip: z.string().nullable(),
    createdAt: z.string(),
    lastUsedAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z
  .object({ items: z.array(accountSessionSchema) })
  .meta({ id: 'AccountSessionList' });

export const deleteAccountRequestSchema = z
  .object({ password: safeText().min(1, 'Enter your password').max(128) })
  .meta({ id: 'DeleteAccountRequest' });

export const accountExportSchema = z
  .object({
    exportedAt: z.string(),
    account: z.object({
      id: z.string(),
      email: z.string(),
      displayName: z.string(),
      role: z.string(),
      createdAt: z.string(),
      emailVerifiedAt: z.string().nullable(),
    }),
    profile: profileSchema.nullable(),
    outcomes: z.array(outcomeSchema),
    preferences: preferencesSchema,
    sessions: z.array(accountSessionSchema),
    conversations: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        createdAt: z.string(),
        messages: z.array(z.object({ role: z.string(), content: z.string(), createdAt: z.string() })),
      }),
    ),
    /** Sign-ins, sign-outs and other security events on the account, with the address and device. */
    securityEvents: z.array(
      z.object({
        type: z.string(),
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
        at: z.string(),
      }),
    ),
    /** Addresses the account signed in from, kept to tell a new one. */
    signInAddresses: z.array(z.object({ ip: z.string(), lastSignedInAt: z.string() })),
    /** Passkeys the member signs in with: their names and use; the public key is no use to anyone. */
    passkeys: z.array(
      z.object({
        name: z.string(),
        createdAt: z.string(),
        lastUsedAt: z.string().nullable(),
        backedUp: z.boolean(),
      }),
    ),
    /** Posts as written, with whether moderation hid them; a deleted post keeps only its dates. */
    posts: z.array(
      z.object({
        id: z.string(),
        topic: z.string(),
        body: z.string(),
        imageKey: z.string().nullable(),
        imageAlt: z.string().nullable(),
        createdAt: z.string(),
        editedAt: z.string().nullable(),
        hiddenAt: z.string().nullable(),
        deletedAt: z.string().nullable(),
      }),
    ),
    comments: z.array(
      z.object({
        id: z.string(),
        postId: z.string(),
        parentId: z.string().nullable(),
        body: z.string(),
        createdAt: z.string(),
        editedAt: z.string().nullable(),
        hiddenAt: z.string().nullable(),
        deletedAt: z.string().nullable(),
      }),
    ),
    reactions: z.array(z.object({ postId: z.string(), kind: z.string(), createdAt: z.string() })),
    reports: z.array(
      z.object({
        postId: z.string(),
        commentId: z.string().nullable(),
        reason: z.string(),
        note: z.string().nullable(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
    postImages: z.array(z.object({ key: z.string(), uploadedAt: z.string() })),
    assessments: z.array(
      z.object({
        id: z.string(),
        skills: z.array(z.string()),
        status: z.string(),
        startedAt: z.string(),
        completedAt: z.string().nullable(),
        timeSpentSeconds: z.number(),
        answers: z.array(
          z.object({
            skill: z.string(),
            itemId: z.string(),
            servedAt: z.string(),
            answeredAt: z.string().nullable(),
            choice: z.number().nullable(),
            dontKnow: z.boolean(),
            correct: z.boolean().nullable(),
          }),
        ),
      }),
    ),
    skillResults: z.array(
      z.object({
        attemptId: z.string(),
        skill: z.string(),
        score: z.number(),
        standardError: z.number(),
        itemsAnswered: z.number(),
        correctCount: z.number(),
        completedAt: z.string(),
      }),
    ),
    /** The results the member made public (decision 0093), with the page each is seen at. */
    skillShares: z.array(
      z.object({ skill: z.string(), attemptId: z.string(), path: z.string(), sharedAt: z.string() }),
    ),
    partnerRequests: z.array(
      z.object({
        id: z.string(),
        partner: z.string(),
        message: z.string(),
        preferredContact: z.string(),
        consentToShareProfile: z.boolean(),
        status: z.string(),
        answerMessage: z.string().nullable(),
        createdAt: z.string(),
        answeredAt: z.string().nullable(),
      }),
    ),
    notifications: z.array(
      z.object({
        title: z.string(),
        body: z.string(),
        link: z.string().nullable(),
        receivedAt: z.string(),
        pushedAt: z.string().nullable(),
        emailedAt: z.string().nullable(),
        readAt: z.string().nullable(),
      }),
    ),
    /** Devices that receive push notifications: the address each is reached at, never its keys. */
    pushSubscriptions: z.array(
      z.object({
        type: z.string(),
        endpoint: z.string(),
        userAgent: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    videoProgress: z.array(
      z.object({
        video: z.string(),
        positionSeconds: z.number(),
        watchedSeconds: z.number(),
        completed: z.boolean(),
        startedAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
    /** Requests for the premium membership sent to the admins. */
    premiumRequests: z.array(z.object({ requestedAt: z.string() })),
    /** Earlier versions of the member's posts and comments, kept when they edited them. */
    communityRevisions: z.array(
      z.object({
        postId: z.string(),
        commentId: z.string().nullable(),
        body: z.string(),
        writtenAt: z.string(),
        replacedAt: z.string(),
      }),
    ),
    /** Direct messages, blocks and who may message them (issue 45.6). */
    directMessages: directMessagesExportSchema,
    /** Posts followed or unfollowed by choice or by writing on them (issue 45.2). */
    followedPosts: z.array(z.object({ postId: z.string(), following: z.boolean(), updatedAt: z.string() })),
    /** Posts saved to the Saved list. */
    bookmarks: z.array(z.object({ postId: z.string(), savedAt: z.string() })),
    /** When the feed and each thread were last read, for what is new (issue 45.3). */
    communityReads: z.object({
      feedSeenAt: z.string().nullable(),
      threads: z.array(z.object({ postId: z.string(), readAt: z.string() })),
    }),
    /** Vale questions asked per day, counted for the daily allowance. */
    valeUsage: z.array(z.object({ day: z.string(), questions: z.number() })),
    /** What the member did as an administrator, as the audit log records it. */
    adminActions: z.array(
      z.object({
        action: z.string(),
        subjectType: z.string(),
        subjectId: z.string(),
        subjectLabel: z.string().nullable(),
        at: z.string(),
      }),
    ),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof accountExportSchema>;
