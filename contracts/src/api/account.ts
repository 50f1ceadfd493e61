import { z } from 'zod';
import { safeText } from '../text.ts';
import { directMessagesExportSchema } from './messages.ts';
import { outcomeSchema } from './outcomes.ts';
import { preferencesSchema } from './preferences.ts';
import { profileSchema } from './profiles.ts';

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
