import {
  roleLabels,
  skillAreaIds,
  skillAreaLabel,
  type MemberStory,
  type SkillAreaId,
} from '@uplift/contracts';
import { Link } from 'react-router';
import { formatMoment } from '../../../lib/format/dateTime.ts';
import { StorySection } from './StorySection.tsx';

const when = (value: string) => formatMoment(value, 'dateTime');
const stateText = { shown: 'Shown', hidden: 'Hidden by a moderator', deleted: 'Deleted' } as const;
const requestStatusText = { pending: 'Waiting for an answer', accepted: 'Accepted', declined: 'Declined' };
// The auth module's revocation reasons, in words; an unknown one reads as plain "ended".
const sessionEndText: Record<string, string> = {
  logout: 'signed out',
  'signed-out-remotely': 'signed out from another device',
  suspended: 'ended by a suspension',
  'password-reset': 'ended by a password reset',
  'password-changed': 'ended by a password change',
  'reuse-detected': 'ended: a stolen token was reused',
  expired: 'expired',
};

function skillName(skill: string): string {
  return (skillAreaIds as readonly string[]).includes(skill) ? skillAreaLabel(skill as SkillAreaId) : skill;
}

const link = 'font-medium text-brand-800 underline underline-offset-2';

/** Every section of a member's story below their account: each paged on its own. */
export function MemberStoryView({ story }: { story: MemberStory }) {
  const userId = story.user.id;
  return (
    <div className="space-y-4">
      <section
        aria-labelledby="story-roles"
        className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id="story-roles" className="text-lg font-semibold text-slate-900">
          Role and tier history
        </h2>
        <ul className="divide-y divide-slate-100 text-sm text-slate-800">
          {story.roleHistory.map((change) => (
            <li key={change.at} className="py-2">
              {`${change.from ? roleLabels[change.from] : 'Unknown'} → ${roleLabels[change.to]}, by ${change.by}, ${when(change.at)}`}
            </li>
          ))}
          <li className="py-2">
            {`Joined as ${roleLabels[story.roleHistory.at(-1)?.from ?? story.user.role]}, ${when(story.user.joinedAt)}`}
          </li>
        </ul>
      </section>
      <StorySection
        userId={userId}
        section="sessions"
        title="Sessions and devices"
        first={story.sessions}
        empty="Never signed in."
        renderItem={(session) => (
          <>
            <p className="font-medium text-slate-900">{session.device ?? 'Unknown device'}</p>
            <p>
              {`Signed in ${when(session.startedAt)} · last active ${when(session.lastActiveAt)}`}
              {session.endedAt
                ? ` · ${sessionEndText[session.endedReason ?? ''] ?? 'ended'} ${when(session.endedAt)}`
                : ' · still signed in'}
            </p>
          </>
        )}
      />
      <StorySection
        userId={userId}
        section="posts"
        title="Posts"
        first={story.posts}
        empty="No posts."
        renderItem={(post) => (
          <>
            {post.state === 'deleted' ? (
              <p className="text-slate-600 italic">The text was removed with the post.</p>
            ) : (
              <Link to={`/community/posts/${post.id}`} className={link}>
                {post.excerpt || 'A post with an image only'}
              </Link>
            )}
            <p className="text-slate-700">{`${stateText[post.state]} · ${post.commentCount} comments · ${when(post.createdAt)}`}</p>
          </>
        )}
      />
      <StorySection
        userId={userId}
        section="comments"
        title="Comments"
        first={story.comments}
        empty="No comments."
        renderItem={(comment) => (
          <>
            <Link to={`/community/posts/${comment.postId}`} className={link}>
              {comment.state === 'deleted' ? 'A deleted comment (open its post)' : comment.excerpt}
            </Link>
            <p className="text-slate-700">{`${stateText[comment.state]} · ${when(comment.createdAt)}`}</p>
          </>
        )}
      />
      <StorySection
        userId={userId}
        section="assessments"
        title="Assessments"
        first={story.assessments}
        empty="No assessments taken."
        renderItem={(attempt) => (
          <>
            <p className="font-medium text-slate-900">
              {attempt.status === 'completed' && attempt.completedAt
                ? `Completed ${when(attempt.completedAt)}`
                : `Started ${when(attempt.startedAt)}, not finished`}
            </p>
            {attempt.results.length > 0 ? (
              <p>
                {attempt.results.map((result) => `${skillName(result.skill)} ${result.score}`).join(' · ')}
              </p>
            ) : null}
          </>
        )}
      />
      <StorySection
        userId={userId}
        section="partner-requests"
        title="Partner requests"
        first={story['partner-requests']}
        empty="No requests to partners."
        renderItem={(request) => (
          <>
            <Link to={`/partners/${request.partnerId}`} className={link}>
              {request.partnerName}
            </Link>
            <p className="text-slate-700">
              {`${requestStatusText[request.status]} · sent ${when(request.createdAt)}`}
              {request.answeredAt ? ` · answered ${when(request.answeredAt)}` : ''}
            </p>
          </>
        )}
      />
      <StorySection
        userId={userId}
        section="notifications"
        title="Notifications received"
        first={story.notifications}
        empty="No notifications received."
        renderItem={(notice) => (
          <>
            <p className="font-medium text-slate-900">{notice.title}</p>
            <p className="text-slate-700">
              {`${when(notice.receivedAt)} · ${notice.inApp ? (notice.readAt ? 'read' : 'unread') : 'not shown: they turned this kind off'}`}
              {notice.pushedAt ? ' · pushed to a device' : ''}
            </p>
          </>
        )}
      />
    </div>
  );
}
