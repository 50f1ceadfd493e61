import { Navigate } from 'react-router';
import { useCurrentUser } from '../auth/index.ts';
import { ProfileSkeleton } from './components/ProfileSkeleton.tsx';

/**
 * SPEC §2 /profile-home: the profile tab's fallback while no user is loaded. The auth guard already
 * sent signed-out visitors to sign in, so here the user is either loaded (go to the profile) or still
 * being restored (a skeleton).
 */
export default function ProfileHomePage() {
  const user = useCurrentUser();
  if (user) return <Navigate to={`/profile/${encodeURIComponent(user.id)}`} replace />;
  return <ProfileSkeleton />;
}
