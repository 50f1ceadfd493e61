import { Navigate } from 'react-router';
import { useCurrentUser } from '../auth/index.ts';

/**
 * SPEC §2 /profile-home: where the profile tab leads when no user is loaded. The auth guard sends a
 * signed-out visitor to sign in (and back here afterwards), so this page only ever runs for a member, and
 * forwards them to their own profile, which shows its skeleton while the profile loads. There is no
 * "session still being restored" moment to draw: the stored session is restored before the first render.
 */
export default function ProfileHomePage() {
  const user = useCurrentUser();
  // Null only if the guard above ever let a visitor through; it draws nothing rather than a loading state.
  return user ? <Navigate to={`/profile/${encodeURIComponent(user.id)}`} replace /> : null;
}
