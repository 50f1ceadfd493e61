import type { Executor } from '../events/index.ts';

/** A post or comment that was deleted: the notifications quoting it are redacted (decision 0110). */
export type DeletedWriting = { commentId: string } | { postId: string };

/**
 * What the community tells the people concerned, beyond the live feed events. app.ts wires these to the
 * notifications module, so this module imports none of it; each callback keeps its own failures (a lost
 * notification never fails the comment or the moderation decision).
 */
export interface CommunityNotices {
  /** Someone else commented on a member's post (never called for a comment on one's own post). */
  commentedOn?: (notice: {
    postAuthorId: string;
    postId: string;
    commentId: string;
    commenterId: string;
    commenterName: string;
    commentBody: string;
  }) => Promise<void>;
  /** An admin hid a member's post or comment, or members' flags hid a post pending review (decision 0099). */
  contentHidden?: (notice: {
    authorId: string;
    postId: string;
    commentId?: string;
    what: 'post' | 'comment';
    pendingReview?: boolean;
  }) => Promise<void>;
  /** A member was mentioned in a post or comment (decision 0095); `body` has mentions as plain "@Name". */
  mentioned?: (notice: {
    memberId: string;
    postId: string;
    /** Set when the mention is in a comment. */
    commentId?: string;
    authorId: string;
    authorName: string;
    body: string;
    what: 'post' | 'comment';
  }) => Promise<void>;
  /** Someone commented on a post a member follows and did not write (issue 45.2). */
  followedPostReplied?: (notice: {
    memberId: string;
    postId: string;
    commentId: string;
    commenterId: string;
    commenterName: string;
    commentBody: string;
  }) => Promise<void>;
  /**
   * A post or comment was deleted: called inside the deleting transaction, so the quotes of it go with it
   * or neither does (unlike the notices above, a failure here fails the deletion).
   */
  writingDeleted?: (tx: Executor, deleted: DeletedWriting) => Promise<void>;
}
