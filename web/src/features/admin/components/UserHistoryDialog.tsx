import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@uplift/contracts';
import { useState } from 'react';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { Sheet } from '../../../ui/Sheet.tsx';
import { auditLogQueryOptions } from '../api/getAuditLog.ts';
import { AuditList } from './AuditList.tsx';
import { Button } from '../../../ui/Button.tsx';

const pageSize = 20;

/** One page of the member's history; the last loaded page offers the next (keyset cursors, newest first). */
function UserHistoryPage({
  userId,
  cursor,
  isLast,
  onMore,
}: {
  userId: string;
  cursor: string | undefined;
  isLast: boolean;
  onMore: (cursor: string) => void;
}) {
  const page = useQuery(
    auditLogQueryOptions({ subjectType: 'user', subjectId: userId, cursor, limit: pageSize }),
  );
  const next = page.data?.nextCursor;
  // The alert is there from the first render and a failure, first or on a later refetch (after an
  // action), puts its words in it: said once (decision 0121). Entries already loaded stay under it.
  return (
    <>
      {page.isPending && <p className="text-slate-700">Loading history…</p>}
      <LoadAlert className="text-red-800">{page.isError && page.error.message}</LoadAlert>
      {page.data && (page.data.items.length > 0 || cursor === undefined) ? (
        <AuditList entries={page.data.items} />
      ) : null}
      {isLast && next ? (
        <Button variant="secondary" size="sm" onClick={() => onMore(next)}>
          Show older entries
        </Button>
      ) : null}
    </>
  );
}

/**
 * What admins did to one member (role changes, suspensions, reinstatements), from the audit log filtered
 * on the server by that member, so it stays complete however long the whole log grows.
 */
export function UserHistory({ userId }: { userId: string }) {
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  return (
    <>
      {cursors.map((cursor, index) => (
        <UserHistoryPage
          key={cursor ?? 'first'}
          userId={userId}
          cursor={cursor}
          isLast={index === cursors.length - 1}
          onMore={(next) => setCursors((loaded) => [...loaded, next])}
        />
      ))}
    </>
  );
}

/** The member's history in a sheet, from their row in the member list. */
export function UserHistoryDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  return (
    <Sheet open onClose={onClose} title={`History of ${user.displayName}`}>
      <div className="mt-3 space-y-3 pb-4">
        <UserHistory userId={user.id} />
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Sheet>
  );
}
