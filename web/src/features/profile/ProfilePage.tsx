import { Navigate } from 'react-router';
import { useCurrentUser } from '../auth/index.ts';

/** SPEC §2 /profile: the signed-in member's own profile, or the sign in / join page when signed out. */
export default function ProfilePage() {
  const user = useCurrentUser();
  return <Navigate to={user ? `/profile/${encodeURIComponent(user.id)}` : '/profile-public'} replace />;
}
