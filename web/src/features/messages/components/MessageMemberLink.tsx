import { Link } from 'react-router';
import { buttonClass } from '../../../ui/Button.tsx';

/** A member's profile's "Message" button: opens the conversation with them, begun or not. */
export function MessageMemberLink({ memberId, displayName }: { memberId: string; displayName: string }) {
  return (
    <Link
      to={`/messages/${memberId}`}
      aria-label={`Message ${displayName}`}
      className={buttonClass({ variant: 'secondary', size: 'sm' })}
    >
      Message
    </Link>
  );
}
