import { useQuery } from '@tanstack/react-query';
import type { MessageMember } from '@uplift/contracts';
import { Button } from '../../../ui/Button.tsx';
import { blocksQueryOptions, useSetBlocked } from '../api/blocks.ts';

/** Settings: the members this member blocked, each with a way to unblock them. */
export function BlockedMembers({ userId }: { userId: string }) {
  const blocks = useQuery(blocksQueryOptions(userId));
  const items = blocks.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="space-y-1 border-t border-line pt-2">
      <h3 className="font-medium text-ink">Blocked members</h3>
      <ul aria-label="Blocked members" className="space-y-1">
        {items.map((member) => (
          <BlockedMember key={member.id} userId={userId} member={member} />
        ))}
      </ul>
    </div>
  );
}

function BlockedMember({ userId, member }: { userId: string; member: MessageMember }) {
  const unblock = useSetBlocked(userId, member.id);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span className="break-words text-ink">{member.displayName}</span>
      <Button variant="secondary" size="sm" loading={unblock.isPending} onClick={() => unblock.mutate(false)}>
        Unblock {member.displayName}
      </Button>
    </li>
  );
}
