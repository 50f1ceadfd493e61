import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { HttpError } from '../../lib/http/index.ts';
import { BackLink } from '../../ui/BackLink.tsx';
import { HomeLink } from '../../ui/HomeLink.tsx';
import { LoadAlert } from '../../ui/LoadAlert.tsx';
import { useCurrentUser } from '../auth/index.ts';
import { MemberActivity } from '../community/index.ts';
import { MessageMemberLink } from '../messages/index.ts';
import { profileQueryOptions } from './api/getProfile.ts';
import { ProfileCard } from './components/ProfileCard.tsx';
import { ProfileSkeleton } from './components/ProfileSkeleton.tsx';
import { OwnProfile } from './OwnProfile.tsx';

/** SPEC §2 /profile/{id}: the signed-in member's own profile with editing, or another's read-only. */
export default function MemberProfilePage() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const profile = useQuery({ ...profileQueryOptions(user?.id ?? 'anonymous', id), enabled: Boolean(user) });

  if (profile.data) {
    return (
      <div className="space-y-6 py-6">
        {profile.data.isOwn ? (
          <OwnProfile profile={profile.data} />
        ) : (
          <>
            <BackLink fallback={{ to: '/community?view=members', label: 'members' }} />
            <ProfileCard profile={profile.data} />
            <MessageMemberLink memberId={profile.data.userId} displayName={profile.data.displayName} />
            <MemberActivity memberId={profile.data.userId} own={false} />
          </>
        )}
      </div>
    );
  }
  const missing = profile.error instanceof HttpError && [400, 404].includes(profile.error.status);
  // The alert is there under the skeleton from the first render, so the failure is said once, at once.
  return (
    <div className={profile.error ? 'space-y-4 py-6' : undefined}>
      {profile.error ? (
        <h1 className="text-2xl font-bold text-slate-900">{missing ? 'Profile not available' : 'Profile'}</h1>
      ) : (
        <ProfileSkeleton />
      )}
      <LoadAlert className="text-slate-700">
        {profile.error &&
          (missing
            ? 'This profile is private or does not exist.'
            : 'The profile could not be loaded. Check your connection and try again.')}
      </LoadAlert>
      {profile.error && <HomeLink />}
    </div>
  );
}
