import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatMoment } from '../../../lib/format/dateTime.ts';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { revisionsQueryOptions } from '../api/getRevisions.ts';
import { PostBody } from './PostBody.tsx';
import { Button } from '../../../ui/Button.tsx';

/**
 * "Edited", and behind it the earlier versions of a post or comment (issue 45.4), fetched when opened.
 * The server decides who may read them: whoever sees the post or comment, admins always.
 */
export function EditHistory({ postId, commentId }: { postId: string; commentId?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const what = commentId ? 'comment' : 'post';
  const versions = useQuery({ ...revisionsQueryOptions(postId, commentId), enabled: open });
  return (
    <div className="text-sm">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        Edited · earlier versions
      </Button>
      {open && (
        <div id={panelId} className="mt-1 space-y-2">
          <LoadAlert className="text-slate-700">
            {!versions.data && versions.isError && 'The earlier versions could not be loaded.'}
          </LoadAlert>
          {!versions.data ? (
            versions.isError ? null : (
              <p role="status" className="text-slate-700">
                Loading the earlier versions…
              </p>
            )
          ) : versions.data.items.length === 0 ? (
            <p className="text-slate-700">No earlier versions to show.</p>
          ) : (
            <ol aria-label={`Earlier versions of this ${what}`} className="space-y-2">
              {versions.data.items.map((version) => (
                <li
                  key={`${version.writtenAt}:${version.replacedAt}`}
                  className="space-y-1 rounded-xl border border-slate-200 bg-slate-50 p-3"
                >
                  <p className="text-slate-700">
                    Written{' '}
                    <time dateTime={version.writtenAt}>{formatMoment(version.writtenAt, 'dateTime')}</time>
                  </p>
                  <PostBody text={version.body} />
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
