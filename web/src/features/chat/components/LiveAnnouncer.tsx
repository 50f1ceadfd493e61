import { memo } from 'react';
import type { Announcement } from '../stream/chatReducer.ts';

/**
 * Tells screen readers when an answer is finished (or stopped, or cut off). Tokens are not announced one
 * by one: that would talk over the reader for the whole answer.
 */
export const LiveAnnouncer = memo(function LiveAnnouncer({
  announcement,
}: {
  announcement: Announcement | null;
}) {
  return (
    <div role="status" className="sr-only">
      {announcement && <p key={announcement.id}>{announcement.text}</p>}
    </div>
  );
});
