import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useUndoWindow } from '../../../ui/undoWindow.ts';

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg border px-3 text-sm font-medium disabled:opacity-60';

interface ContentActionsProps {
  /** The item's name, for the buttons' accessible names ("Edit Harbour Lights"). */
  name: string;
  published: boolean;
  busy: boolean;
  onEdit: () => void;
  onPublish: (published: boolean) => void;
  onDelete: () => void;
  /** What deleting also removes, said in the confirmation. */
  deleteWarning: string;
  /** What unpublishing hides from members, said in its confirmation. */
  unpublishWarning?: string;
}

/**
 * Edit, publish or unpublish, and delete for one video or partner card. Unpublishing is confirmed and then
 * waits in an undo window; deleting is confirmed (it cannot be undone).
 */
export function ContentActions({
  name,
  published,
  busy,
  onEdit,
  onPublish,
  onDelete,
  deleteWarning,
  unpublishWarning = 'Members stop seeing it at once.',
}: ContentActionsProps) {
  const [confirming, setConfirming] = useState<'delete' | 'unpublish' | null>(null);
  const [unpublishing, setUnpublishing] = useState(false);
  const undoable = useUndoWindow();
  const blocked = busy || unpublishing;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" onClick={onEdit} className={`${button} border-slate-400 text-slate-900`}>
        Edit<span className="sr-only">{` ${name}`}</span>
      </button>
      <button
        type="button"
        disabled={blocked}
        onClick={() => (published ? setConfirming('unpublish') : onPublish(true))}
        className={`${button} border-brand-700 text-brand-800`}
      >
        {unpublishing ? 'Unpublishing…' : published ? 'Unpublish' : 'Publish'}
        <span className="sr-only">{` ${name}`}</span>
      </button>
      <button
        type="button"
        disabled={blocked}
        onClick={() => setConfirming('delete')}
        className={`${button} border-red-700 text-red-800`}
      >
        Delete<span className="sr-only">{` ${name}`}</span>
      </button>
      <ConfirmDialog
        open={confirming === 'unpublish'}
        title={`Unpublish ${name}?`}
        confirmLabel={`Yes, unpublish ${name}`}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          setUnpublishing(true);
          undoable({
            message: `${name} will be unpublished.`,
            apply: () => {
              setUnpublishing(false);
              onPublish(false);
            },
            onUndo: () => setUnpublishing(false),
          });
        }}
      >
        <p>{unpublishWarning}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'delete'}
        title={`Delete ${name} for good?`}
        confirmLabel={`Yes, delete ${name}`}
        tone="danger"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          onDelete();
          setConfirming(null);
        }}
      >
        <p>{`${deleteWarning} This cannot be undone.`}</p>
      </ConfirmDialog>
    </div>
  );
}
