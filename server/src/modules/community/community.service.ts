import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  communityEvents,
  type CommunityCommentInput,
  type CommunityPostInput,
  type ReactionKind,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { communityComments, communityPosts, communityReactions, communityTopics } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { recordAudit } from '../audit/index.ts';
import type { EventBus, Executor, PublishedEvent } from '../events/index.ts';
import { hideOnFlags } from './flags-auto-hide.ts';
import { notifyFollowers, setFollowing } from './follows.ts';
import { notifyMentioned } from './mentions.ts';
import type { CommunityNotices } from './notices.ts';
import type { PostImages } from './post-image.ts';
import { keepEarlierVersion } from './revisions.ts';
import { findComment, findPost, reactionsOf, type Viewer } from './posts.repo.ts';

export interface Member extends Viewer {
  id: string;
  /** Named in the audit log when an admin acts on someone else's content. */
  displayName?: string;
}

/**
 * Who hears of a change to a post (its comments, reactions, text): everyone while the post is shown to
 * everyone; its author alone while it is hidden (what the feed shows them), and nobody when it has none.
 */
export async function postAudience(
  tx: Executor,
  postId: string,
): Promise<Pick<PublishedEvent, 'audienceUserId'> | null> {
  const rows = await tx.execute<{ hidden: boolean; author_id: string | null }>(
    sql`select hidden_at is not null as hidden, author_id from community_posts where id = ${postId}`,
  );
  const post = rows.rows[0];
  if (!post?.hidden) return { audienceUserId: null };
  return post.author_id ? { audienceUserId: post.author_id } : null;
}

/** Publishes an event about `postId` to whoever may see that post now (`postAudience`). */
export async function publishAboutPost(
  events: EventBus,
  tx: Executor,
  postId: string,
  event: Omit<PublishedEvent, 'audienceUserId'>,
): Promise<void> {
  const audience = await postAudience(tx, postId);
  if (audience) await events.publish({ ...event, ...audience }, tx);
}

const noPost = () => new HttpError(404, 'No post with that id.');
const noComment = () => new HttpError(404, 'No comment with that id.');
const notYours = (what: string) => new HttpError(403, `Only its author can change this ${what}.`);

/** The feed's rules: who may write what, and the live event each change sends. */
export function createCommunityService(
  db: Database,
  events: EventBus,
  images: PostImages,
  notices: CommunityNotices = {},
) {
  const publish = (tx: Executor, postId: string, event: Omit<PublishedEvent, 'audienceUserId'>) =>
    publishAboutPost(events, tx, postId, event);
  const writer = (member: Member, written: { author: { name: string } }) => ({
    authorId: member.id,
    authorName: written.author.name,
  });
  const actor = (member: Member) => ({ id: member.id, displayName: member.displayName ?? 'Admin' });

  async function assertTopic(topicId: string) {
    const [topic] = await db
      .select({ id: communityTopics.id })
      .from(communityTopics)
      .where(eq(communityTopics.id, topicId));
    if (!topic) throw new HttpError(400, `Unknown topic "${topicId}".`);
  }

  /** A post the member can see and that still exists, to comment on, react to or report. */
  async function livePost(viewer: Viewer, postId: string) {
    const post = await findPost(db, viewer, postId);
    if (!post || post.deleted) throw noPost();
    return post;
  }

  /** The row just written, as the writer sees it. */
  async function reread<T>(found: Promise<T | null>): Promise<T> {
    const value = await found;
    if (!value) throw new Error('community row vanished right after it was written');
    return value;
  }

  /** The comment a replayed create names: its author's, on the same post, or a 409. */
  async function replayedComment(member: Member, postId: string, commentId: string | undefined) {
    const [existing] = commentId
      ? await db
          .select({ authorId: communityComments.authorId, postId: communityComments.postId })
          .from(communityComments)
          .where(eq(communityComments.id, commentId))
      : [];
    if (!commentId || existing?.authorId !== member.id || existing.postId !== postId)
      throw new HttpError(409, 'A comment with this id already exists.');
    return reread(findComment(db, member, commentId));
  }

  return {
    /**
     * Publishes a post. A client-chosen id makes the create idempotent on its own: the same id from its
     * author returns the post already stored (an offline replay), from anyone else it is refused.
     */
    async createPost(member: Member, input: CommunityPostInput) {
      await assertTopic(input.topicId);
      const id = await db.transaction(async (tx) => {
        // Only an image its author uploaded, never one taken down with another post (decision 0051).
        if (input.image) await images.assertUsable(tx, input.image.key, member.id);
        const [row] = await tx
          .insert(communityPosts)
          .values({
            ...(input.id ? { id: input.id } : {}),
            authorId: member.id,
            topicId: input.topicId,
            body: input.body,
            imageKey: input.image?.key ?? null,
            imageAlt: input.image?.alt ?? null,
          })
          .onConflictDoNothing({ target: communityPosts.id })
          .returning({ id: communityPosts.id });
        if (!row) return null;
        await setFollowing(tx, member.id, row.id, true);
        await events.publish(
          { type: communityEvents.postCreated, payload: { postId: row.id, topicId: input.topicId } },
          tx,
        );
        return row.id;
      });
      if (id === null && input.id) {
        const [existing] = await db
          .select({ authorId: communityPosts.authorId })
          .from(communityPosts)
          .where(eq(communityPosts.id, input.id));
        if (existing?.authorId !== member.id) throw new HttpError(409, 'A post with this id already exists.');
        return reread(findPost(db, member, input.id));
      }
      if (id === null) throw new Error('post not stored');
      const post = await reread(findPost(db, member, id));
      // After the commit, like the comment notice: those mentioned hear of a post that is really there.
      await notifyMentioned(db, notices, {
        ...writer(member, post),
        postId: id,
        body: input.body,
        what: 'post',
      });
      return post;
    },

    async updatePost(
      member: Member,
      postId: string,
      input: Partial<Pick<CommunityPostInput, 'topicId' | 'body'>>,
    ) {
      const post = await livePost(member, postId);
      if (!post.mine) throw notYours('post');
      if (input.topicId) await assertTopic(input.topicId);
      await db.transaction(async (tx) => {
        const writtenAt = post.editedAt ?? post.createdAt;
        await keepEarlierVersion(tx, { postId, authorId: member.id, body: post.body, writtenAt }, input.body);
        await tx
          .update(communityPosts)
          .set({ ...input, editedAt: new Date() })
          .where(eq(communityPosts.id, postId));
        await publish(tx, postId, { type: communityEvents.postChanged, payload: { postId } });
      });
      return reread(findPost(db, member, postId));
    },

    /**
     * The author, or an admin, deletes: the text and the image go (the image's file too, once no other
     * post or upload needs it); the thread below stays readable. An admin deleting someone else's post is
     * audited in the same transaction.
     */
    async deletePost(member: Member, postId: string) {
      const post = await livePost(member, postId);
      if (!post.mine && !member.isAdmin) throw notYours('post');
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ imageKey: communityPosts.imageKey, authorId: communityPosts.authorId })
          .from(communityPosts)
          .where(eq(communityPosts.id, postId))
          .for('update');
        await publish(tx, postId, { type: communityEvents.postRemoved, payload: { postId } });
        await tx
          .update(communityPosts)
          .set({ deletedAt: new Date(), body: '', imageKey: null, imageAlt: null, pinnedAt: null })
          .where(eq(communityPosts.id, postId));
        await notices.writingDeleted?.(tx, { postId });
        if (!post.mine)
          await recordAudit(tx, {
            actor: actor(member),
            action: 'post.delete',
            subjectType: 'post',
            subjectId: postId,
            subjectLabel: post.body.slice(0, 80),
            before: { deleted: false, hidden: post.hidden, image: before?.imageKey !== null },
            after: { deleted: true },
          });
        // Last: the file goes while the key's lock is held, right before the commit.
        if (before?.imageKey) await images.release(tx, before.imageKey, before.authorId);
      });
    },

    /** An admin action, so it is audited with the pin before and after, in the same transaction. */
    async setPinned(admin: Member & { displayName: string }, postId: string, pinned: boolean) {
      const post = await livePost(admin, postId);
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ pinnedAt: communityPosts.pinnedAt })
          .from(communityPosts)
          .where(eq(communityPosts.id, postId))
          .for('update');
        const [after] = await tx
          .update(communityPosts)
          .set({ pinnedAt: pinned ? new Date() : null })
          .where(eq(communityPosts.id, postId))
          .returning({ pinnedAt: communityPosts.pinnedAt });
        await recordAudit(tx, {
          actor: { id: admin.id, displayName: admin.displayName },
          action: pinned ? 'post.pin' : 'post.unpin',
          subjectType: 'post',
          subjectId: postId,
          subjectLabel: post.body.slice(0, 80),
          before: { pinnedAt: before?.pinnedAt?.toISOString() ?? null },
          after: { pinnedAt: after?.pinnedAt?.toISOString() ?? null },
        });
        await publish(tx, postId, { type: communityEvents.postChanged, payload: { postId } });
      });
      return reread(findPost(db, admin, postId));
    },

    /** Like posts, a client-chosen id makes the create idempotent: the same id from its author returns it again. */
    async createComment(member: Member, postId: string, input: CommunityCommentInput) {
      const { body, parentId } = input;
      const post = await livePost(member, postId);
      if (parentId) {
        const [parent] = await db
          .select({ postId: communityComments.postId, parentId: communityComments.parentId })
          .from(communityComments)
          .where(eq(communityComments.id, parentId));
        if (!parent || parent.postId !== postId)
          throw new HttpError(400, 'The comment replied to is not on this post.');
        if (parent.parentId)
          throw new HttpError(400, 'Replies go one level deep: reply to the comment above instead.');
      }
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(communityComments)
          .values({
            ...(input.id ? { id: input.id } : {}),
            postId: post.id,
            parentId: parentId ?? null,
            authorId: member.id,
            body,
          })
          .onConflictDoNothing({ target: communityComments.id })
          .returning({ id: communityComments.id });
        if (!row) return null;
        await setFollowing(tx, member.id, postId, true);
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(communityComments)
          .where(
            and(
              eq(communityComments.postId, postId),
              isNull(communityComments.deletedAt),
              isNull(communityComments.hiddenAt),
            ),
          );
        await publish(tx, postId, {
          type: communityEvents.commentCreated,
          payload: { postId, commentId: row.id, commentCount: count?.n ?? 0 },
        });
        return row.id;
      });
      // Only a client-chosen id can already exist: this is a replay of that comment.
      if (id === null) return replayedComment(member, postId, input.id);
      const comment = await reread(findComment(db, member, id));
      // After the commit: those mentioned and the post's followers hear of it once the comment is really
      // there, each once (a mention already told them).
      const told = await notifyMentioned(db, notices, {
        ...writer(member, comment),
        postId,
        commentId: id,
        body,
        what: 'comment',
      });
      await notifyFollowers(
        db,
        notices,
        {
          postId,
          commentId: id,
          postAuthorId: post.author.id,
          commenterId: member.id,
          commenterName: comment.author.name,
          body,
        },
        told,
      );
      return comment;
    },

    async updateComment(member: Member, commentId: string, body: string) {
      const comment = await findComment(db, member, commentId);
      if (!comment || comment.deleted) throw noComment();
      if (!comment.mine) throw notYours('comment');
      await db.transaction(async (tx) => {
        const { postId, editedAt, createdAt } = comment;
        const version = { postId, commentId, authorId: member.id, body: comment.body };
        await keepEarlierVersion(tx, { ...version, writtenAt: editedAt ?? createdAt }, body);
        await tx
          .update(communityComments)
          .set({ body, editedAt: new Date() })
          .where(eq(communityComments.id, commentId));
        await publish(tx, comment.postId, {
          type: communityEvents.commentChanged,
          payload: { postId: comment.postId, commentId },
        });
      });
      return reread(findComment(db, member, commentId));
    },

    /** The author, or an admin (audited in the same transaction when it is someone else's comment). */
    async deleteComment(member: Member, commentId: string) {
      const comment = await findComment(db, member, commentId);
      if (!comment || comment.deleted) throw noComment();
      if (!comment.mine && !member.isAdmin) throw notYours('comment');
      await db.transaction(async (tx) => {
        await tx
          .update(communityComments)
          .set({ deletedAt: new Date(), body: '' })
          .where(eq(communityComments.id, commentId));
        await notices.writingDeleted?.(tx, { commentId });
        if (!comment.mine)
          await recordAudit(tx, {
            actor: actor(member),
            action: 'comment.delete',
            subjectType: 'comment',
            subjectId: commentId,
            subjectLabel: comment.body.slice(0, 80),
            before: { deleted: false, hidden: comment.hidden, postId: comment.postId },
            after: { deleted: true },
          });
        await publish(tx, comment.postId, {
          type: communityEvents.commentChanged,
          payload: { postId: comment.postId, commentId },
        });
      });
    },

    /** PUT and DELETE of a reaction are idempotent by nature: the row is there or it is not. */
    async setReaction(member: Member, postId: string, kind: ReactionKind, on: boolean) {
      await livePost(member, postId);
      await db.transaction(async (tx) => {
        const rows = on
          ? await tx
              .insert(communityReactions)
              .values({ postId, userId: member.id, kind })
              .onConflictDoNothing()
              .returning()
          : await tx
              .delete(communityReactions)
              .where(
                and(
                  eq(communityReactions.postId, postId),
                  eq(communityReactions.userId, member.id),
                  eq(communityReactions.kind, kind),
                ),
              )
              .returning();
        if (rows.length === 0) return;
        const counts = await reactionsOf(tx, postId, null);
        await publish(tx, postId, {
          type: communityEvents.reactionsChanged,
          payload: { postId, reactions: counts.reactions },
        });
      });
      return reactionsOf(db, postId, member.id);
    },

    livePost,
    /** After a flag on a post: members' flags may hide it pending review (decision 0099). */
    flagged: (postId: string) => hideOnFlags(db, events, notices, postId),
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
