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
    commenterName: string;
    commentBody: string;
  }) => Promise<void>;
  /** An admin hid a member's post or comment, or members' flags hid a post pending review (decision 0099). */
  contentHidden?: (notice: {
    authorId: string;
    postId: string;
    what: 'post' | 'comment';
    pendingReview?: boolean;
  }) => Promise<void>;
  /** A member was mentioned in a post or comment (decision 0095); `body` has mentions as plain "@Name". */
  mentioned?: (notice: {
    memberId: string;
    postId: string;
    authorName: string;
    body: string;
    what: 'post' | 'comment';
  }) => Promise<void>;
  /** Someone commented on a post a member follows and did not write (issue 45.2). */
  followedPostReplied?: (notice: {
    memberId: string;
    postId: string;
    commenterName: string;
    commentBody: string;
  }) => Promise<void>;
}
