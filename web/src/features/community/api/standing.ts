import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CommunityPostStanding,
  communityBookmarkListSchema,
  communityBookmarkSchema,
  communityFollowSchema,
  communityPostStandingSchema,
} from '@uplift/contracts';
import { http, serverChecked } from '../../../lib/http/index.ts';
import { sendOrQueue } from '../../../lib/offline/index.ts';
import { queuedPostItems } from './queuedPosts.ts';

/** Query keys of what is the member's own in the community: kept apart from the shared feed's keys. */
export const standingKeys = {
  standing: (userId: string, postId: string) => ['community', 'standing', userId, postId] as const,
  bookmarks: (userId: string) => ['community', 'bookmarks', userId] as const,
};

/** Offline queue types of these writes. */
const queueTypes = { follow: 'community-follow', bookmark: 'community-bookmark' } as const;

/** GET /api/community/posts/:id/standing: whether the member follows and saved it, and read it when. */
export function standingQueryOptions(userId: string, postId: string) {
  return queryOptions({
    queryKey: standingKeys.standing(userId, postId),
    queryFn: ({ signal }) =>
      http.get(`/community/posts/${encodeURIComponent(postId)}/standing`, {
        schema: serverChecked<typeof communityPostStandingSchema>(),
        signal,
      }),
  });
}

/**
 * GET /api/community/bookmarks: the Saved list. Kept in the offline content cache like every query
 * (lib/offline/queryBridge), so what was saved stays readable offline.
 */
export function bookmarksQueryOptions(userId: string) {
  return queryOptions({
    queryKey: standingKeys.bookmarks(userId),
    queryFn: ({ signal }) =>
      http.get('/community/bookmarks', {
        schema: serverChecked<typeof communityBookmarkListSchema>(),
        signal,
      }),
  });
}

/**
 * One toggle of the member's standing (PUT to set, DELETE to clear), sent or queued with one idempotency
 * key. The screen shows the choice at once: a queued write is as good as done to the member.
 */
function useStandingToggle(
  userId: string,
  postId: string,
  field: 'following' | 'bookmarked',
  path: 'follow' | 'bookmark',
) {
  const queryClient = useQueryClient();
  const key = standingKeys.standing(userId, postId);
  return useMutation({
    mutationFn: (on: boolean) =>
      sendOrQueue({
        method: on ? 'PUT' : 'DELETE',
        path: `/community/posts/${encodeURIComponent(postId)}/${path}`,
        schema: serverChecked<typeof communityFollowSchema | typeof communityBookmarkSchema>(),
        type: path === 'follow' ? queueTypes.follow : queueTypes.bookmark,
        description:
          path === 'follow'
            ? on
              ? 'Follow a post'
              : 'Unfollow a post'
            : on
              ? 'Save a post'
              : 'Unsave a post',
        priority: 'medium',
        ownerId: userId,
        // A post written offline is followed or saved once it has landed.
        dependsOn: queuedPostItems(postId),
      }),
    onMutate: (on) => {
      queryClient.setQueryData<CommunityPostStanding>(key, (before) =>
        before ? { ...before, [field]: on } : before,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      if (field === 'bookmarked')
        void queryClient.invalidateQueries({ queryKey: standingKeys.bookmarks(userId) });
    },
  });
}

/** PUT or DELETE /api/community/posts/:id/follow. */
export const useSetFollowing = (userId: string, postId: string) =>
  useStandingToggle(userId, postId, 'following', 'follow');

/** PUT or DELETE /api/community/posts/:id/bookmark. */
export const useSetBookmarked = (userId: string, postId: string) =>
  useStandingToggle(userId, postId, 'bookmarked', 'bookmark');
