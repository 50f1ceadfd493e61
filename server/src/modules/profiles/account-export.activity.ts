import { asc, eq, inArray } from 'drizzle-orm';
import { sharedResultPath, type AccountExport } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import {
  auditLog,
  authEvents,
  chatUsage,
  communityBookmarks,
  communityComments,
  communityFeedVisits,
  communityPostFollows,
  communityPostImages,
  communityPosts,
  communityReactions,
  communityReports,
  communityRevisions,
  communityThreadReads,
  communityTopics,
  notificationDeliveries,
  notifications,
  partnerConnectionRequests,
  partners,
  passkeys,
  pushSubscriptions,
  signInAddresses,
  skillAttempts,
  skillResponses,
  skillResults,
  skillShares,
  premiumRequests,
  videoProgress,
  videos,
} from '../../db/schema.ts';

type Activity = Omit<
  AccountExport,
  | 'exportedAt'
  | 'account'
  | 'profile'
  | 'outcomes'
  | 'preferences'
  | 'sessions'
  | 'conversations'
  | 'directMessages'
>;

const iso = (moment: Date) => moment.toISOString();
const isoOrNull = (moment: Date | null) => moment?.toISOString() ?? null;

/**
 * What the member did in every other part of the product: posts, comments, reactions, reports, uploads,
 * assessments, partner requests, notifications received, devices, video progress, Vale use and, for an
 * admin, the admin actions. Each table that refers to a member is either read here or named, with the
 * reason, in `notExported` (account-export.test.ts holds the database's foreign keys to that list).
 */
export async function exportActivity(db: Database, userId: string): Promise<Activity> {
  const [
    security,
    addresses,
    ownPasskeys,
    posts,
    comments,
    reactions,
    reports,
    images,
    attempts,
    results,
    shares,
    requests,
    received,
    devices,
    progress,
    premium,
    usage,
    actions,
    revisions,
    follows,
    bookmarks,
    feedVisits,
    threadReads,
  ] = await Promise.all([
    db.select().from(authEvents).where(eq(authEvents.userId, userId)).orderBy(asc(authEvents.createdAt)),
    db.select().from(signInAddresses).where(eq(signInAddresses.userId, userId)),
    db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt)),
    db
      .select({ post: communityPosts, topic: communityTopics.name })
      .from(communityPosts)
      .innerJoin(communityTopics, eq(communityTopics.id, communityPosts.topicId))
      .where(eq(communityPosts.authorId, userId))
      .orderBy(asc(communityPosts.createdAt)),
    db
      .select()
      .from(communityComments)
      .where(eq(communityComments.authorId, userId))
      .orderBy(asc(communityComments.createdAt)),
    db
      .select()
      .from(communityReactions)
      .where(eq(communityReactions.userId, userId))
      .orderBy(asc(communityReactions.createdAt)),
    db
      .select()
      .from(communityReports)
      .where(eq(communityReports.reporterId, userId))
      .orderBy(asc(communityReports.createdAt)),
    db.select().from(communityPostImages).where(eq(communityPostImages.uploaderId, userId)),
    db
      .select()
      .from(skillAttempts)
      .where(eq(skillAttempts.userId, userId))
      .orderBy(asc(skillAttempts.startedAt)),
    db
      .select()
      .from(skillResults)
      .where(eq(skillResults.userId, userId))
      .orderBy(asc(skillResults.completedAt)),
    db.select().from(skillShares).where(eq(skillShares.userId, userId)).orderBy(asc(skillShares.sharedAt)),
    db
      .select({ request: partnerConnectionRequests, partner: partners.name })
      .from(partnerConnectionRequests)
      .innerJoin(partners, eq(partners.id, partnerConnectionRequests.partnerId))
      .where(eq(partnerConnectionRequests.userId, userId))
      .orderBy(asc(partnerConnectionRequests.createdAt)),
    db
      .select({ delivery: notificationDeliveries, notification: notifications })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(eq(notificationDeliveries.userId, userId))
      .orderBy(asc(notificationDeliveries.createdAt)),
    db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    db
      .select({ progress: videoProgress, video: videos.title })
      .from(videoProgress)
      .innerJoin(videos, eq(videos.id, videoProgress.videoId))
      .where(eq(videoProgress.userId, userId))
      .orderBy(asc(videoProgress.startedAt)),
    db.select().from(premiumRequests).where(eq(premiumRequests.userId, userId)),
    db
      .select()
      .from(chatUsage)
      .where(eq(chatUsage.scope, `user:${userId}`))
      .orderBy(asc(chatUsage.day)),
    db.select().from(auditLog).where(eq(auditLog.actorId, userId)).orderBy(asc(auditLog.createdAt)),
    db
      .select()
      .from(communityRevisions)
      .where(eq(communityRevisions.authorId, userId))
      .orderBy(asc(communityRevisions.replacedAt)),
    db
      .select()
      .from(communityPostFollows)
      .where(eq(communityPostFollows.userId, userId))
      .orderBy(asc(communityPostFollows.updatedAt)),
    db
      .select()
      .from(communityBookmarks)
      .where(eq(communityBookmarks.userId, userId))
      .orderBy(asc(communityBookmarks.createdAt)),
    db.select().from(communityFeedVisits).where(eq(communityFeedVisits.userId, userId)),
    db
      .select()
      .from(communityThreadReads)
      .where(eq(communityThreadReads.userId, userId))
      .orderBy(asc(communityThreadReads.readAt)),
  ]);
  const answers =
    attempts.length === 0
      ? []
      : await db
          .select()
          .from(skillResponses)
          .where(
            inArray(
              skillResponses.attemptId,
              attempts.map((attempt) => attempt.id),
            ),
          )
          .orderBy(asc(skillResponses.sequence));

  return {
    securityEvents: security.map((event) => ({
      type: event.type,
      ip: event.ip,
      userAgent: event.userAgent,
      at: iso(event.createdAt),
    })),
    signInAddresses: addresses.map((address) => ({
      ip: address.ip,
      lastSignedInAt: iso(address.lastSignedInAt),
    })),
    passkeys: ownPasskeys.map((passkey) => ({
      name: passkey.name,
      createdAt: iso(passkey.createdAt),
      lastUsedAt: isoOrNull(passkey.lastUsedAt),
      backedUp: passkey.backedUp,
    })),
    posts: posts.map(({ post, topic }) => ({
      id: post.id,
      topic,
      body: post.body,
      imageKey: post.imageKey,
      imageAlt: post.imageAlt,
      createdAt: iso(post.createdAt),
      editedAt: isoOrNull(post.editedAt),
      hiddenAt: isoOrNull(post.hiddenAt),
      deletedAt: isoOrNull(post.deletedAt),
    })),
    comments: comments.map((comment) => ({
      id: comment.id,
      postId: comment.postId,
      parentId: comment.parentId,
      body: comment.body,
      createdAt: iso(comment.createdAt),
      editedAt: isoOrNull(comment.editedAt),
      hiddenAt: isoOrNull(comment.hiddenAt),
      deletedAt: isoOrNull(comment.deletedAt),
    })),
    reactions: reactions.map((reaction) => ({
      postId: reaction.postId,
      kind: reaction.kind,
      createdAt: iso(reaction.createdAt),
    })),
    reports: reports.map((report) => ({
      postId: report.postId,
      commentId: report.commentId,
      reason: report.reason,
      note: report.note,
      status: report.status,
      createdAt: iso(report.createdAt),
    })),
    postImages: images.map((image) => ({ key: image.key, uploadedAt: iso(image.uploadedAt) })),
    assessments: attempts.map((attempt) => ({
      id: attempt.id,
      skills: attempt.skills,
      status: attempt.status,
      startedAt: iso(attempt.startedAt),
      completedAt: isoOrNull(attempt.completedAt),
      timeSpentSeconds: attempt.timeSpentSeconds,
      answers: answers
        .filter((answer) => answer.attemptId === attempt.id)
        .map((answer) => ({
          skill: answer.skill,
          itemId: answer.itemId,
          servedAt: iso(answer.servedAt),
          answeredAt: isoOrNull(answer.answeredAt),
          choice: answer.choice,
          dontKnow: answer.dontKnow,
          correct: answer.correct,
        })),
    })),
    skillResults: results.map((result) => ({
      attemptId: result.attemptId,
      skill: result.skill,
      score: result.score,
      standardError: result.standardError,
      itemsAnswered: result.itemsAnswered,
      correctCount: result.correctCount,
      completedAt: iso(result.completedAt),
    })),
    skillShares: shares.map((share) => ({
      skill: share.skill,
      attemptId: share.attemptId,
      path: sharedResultPath(share.id),
      sharedAt: iso(share.sharedAt),
    })),
    partnerRequests: requests.map(({ request, partner }) => ({
      id: request.id,
      partner,
      message: request.message,
      preferredContact: request.preferredContact,
      consentToShareProfile: request.consentToShareProfile,
      status: request.status,
      answerMessage: request.answerMessage,
      createdAt: iso(request.createdAt),
      answeredAt: isoOrNull(request.answeredAt),
    })),
    notifications: received.map(({ delivery, notification }) => ({
      title: notification.title,
      body: notification.body,
      link: notification.link,
      receivedAt: iso(delivery.createdAt),
      pushedAt: isoOrNull(delivery.pushedAt),
      emailedAt: isoOrNull(delivery.emailedAt),
      readAt: isoOrNull(delivery.readAt),
    })),
    pushSubscriptions: devices.map((device) => ({
      type: device.type,
      endpoint: device.endpoint,
      userAgent: device.userAgent,
      createdAt: iso(device.createdAt),
    })),
    videoProgress: progress.map(({ progress: watched, video }) => ({
      video,
      positionSeconds: watched.positionSeconds,
      watchedSeconds: watched.watchedSeconds,
      completed: watched.completed,
      startedAt: iso(watched.startedAt),
      updatedAt: iso(watched.updatedAt),
    })),
    premiumRequests: premium.map((request) => ({ requestedAt: iso(request.requestedAt) })),
    communityRevisions: revisions.map((revision) => ({
      postId: revision.postId,
      commentId: revision.commentId,
      body: revision.body,
      writtenAt: iso(revision.writtenAt),
      replacedAt: iso(revision.replacedAt),
    })),
    followedPosts: follows.map((follow) => ({
      postId: follow.postId,
      following: follow.following,
      updatedAt: iso(follow.updatedAt),
    })),
    bookmarks: bookmarks.map((saved) => ({ postId: saved.postId, savedAt: iso(saved.createdAt) })),
    communityReads: {
      feedSeenAt: isoOrNull(feedVisits[0]?.seenAt ?? null),
      threads: threadReads.map((read) => ({ postId: read.postId, readAt: iso(read.readAt) })),
    },
    valeUsage: usage.map((day) => ({ day: day.day, questions: day.count })),
    adminActions: actions.map((entry) => ({
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      subjectLabel: entry.subjectLabel,
      at: iso(entry.createdAt),
    })),
  };
}

/**
 * Columns that refer to a member but are not their personal data to take away, and why. Every other
 * reference to users is exported above or in account-export.ts.
 */
export const notExported: Record<string, string> = {
  'live_events.audience_user_id':
    'a minutes-long delivery buffer of ids, so a reconnecting stream catches up; what it points to is exported',
  'community_reports.decided_by': "an admin's moderation decision: exported as that admin's adminActions",
  'partner_connection_requests.answered_by': "an admin's answer: exported as that admin's adminActions",
  'notifications.created_by': "an admin's send: exported as that admin's adminActions",
  'notifications.source_member_id':
    "other members' notifications that named or quoted them: the recipients' data; the words quoted are exported as their posts, comments and messages, and deleting the account redacts those notifications (decision 0110)",
  'password_resets.user_id':
    'a hash of a single-use link that works for 30 minutes, useless to the member; setting a password with it is exported as a securityEvent',
  'webauthn_challenges.user_id':
    'a single-use passkey challenge that lives five minutes, useless to the member; adding the passkey it answered is exported under passkeys',
  'email_verifications.user_id':
    "a hash of a single-use link that works for 24 hours, useless to the member; following it is exported as the account's emailVerifiedAt",
  'notification_digests.user_id':
    "a marker that one day's digest was queued, so it goes out once; each notification it mailed is exported with its emailedAt",
  'member_blocks.blocked_id':
    'another member blocked them: that member’s choice, which the blocked member is never told',
  'direct_conversation_reports.closed_by':
    "an admin's moderation decision: exported as that admin's adminActions",
};
